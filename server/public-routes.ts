/**
 * Requests outside /admin are handled with a copy of the server build that holds every
 * route but the admin area's (docs/decisions/129). React Router matches each request
 * against its routes twice (the handler, then the static handler's query) by trying the
 * ranked routes one by one, and prepares every route's module entry per request; about
 * 80 of the app's 115 routes are admin screens, and most of them outrank a public page
 * such as /events/:id, so a public render spent about a tenth of its time there. A path
 * that could reach an admin route (or whose form is unusual: encoded characters, double
 * slashes) goes to the whole build, so what a request finds never changes.
 */
import type { ServerBuild } from "react-router";

type Routes = ServerBuild["routes"];

/** The full path of a route (its ancestors' paths joined), without slashes at the ends. */
function fullPath(routes: Routes, id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return parts.join("/").replace(/^\/+|\/+$/g, "");
}

const ADMIN = /^admin(\/|$)/i;

/** The build without the routes under /admin (their layouts included). */
export function withoutAdminRoutes(build: ServerBuild): ServerBuild {
  const routes: Routes = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (route && !ADMIN.test(fullPath(build.routes, id))) routes[id] = route;
  }
  return { ...build, routes };
}

/**
 * Whether a request for this absolute address can only match routes outside /admin.
 * React Router matches paths without regard to case and after decoding %-escapes; an
 * address that is not a plain path answers false (the whole build then decides).
 */
export function outsideAdmin(url: string): boolean {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return false;
  }
  return !/^\/admin/i.test(pathname) && !pathname.includes("%") && !pathname.startsWith("//");
}
