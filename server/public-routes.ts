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
/** A route's place in the tree, as both the server build and the browser's manifest give it. */
type Placed = { path?: string; parentId?: string } | undefined;

/** The full path of a route (its ancestors' paths joined), without slashes at the ends. */
function fullPath(routes: Record<string, Placed>, id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return parts.join("/").replace(/^\/+|\/+$/g, "");
}

const ADMIN = /^admin(\/|$)/i;

/** The routes of a table that are not under /admin (their layouts included). */
export function outsideAdminRoutes<T extends Placed>(routes: Record<string, T>): Record<string, T> {
  const kept: Record<string, T> = {};
  for (const [id, route] of Object.entries(routes)) {
    if (route && !ADMIN.test(fullPath(routes, id))) kept[id] = route;
  }
  return kept;
}

/**
 * The browser's route manifest without the admin routes, written beside the whole one by
 * the build (scripts/public-manifest.ts): public pages load it instead, about a third of
 * the size, since they link to no admin screen (a plain link to one loads it whole).
 */
export const publicManifestUrl = (url: string) => url.replace(/manifest-([^/]+)\.js$/, "manifest-public-$1.js");

/**
 * The build without the routes under /admin; when `hasAsset` finds the public manifest,
 * its pages name that manifest and the browser's route table without the admin routes.
 */
export function withoutAdminRoutes(build: ServerBuild, hasAsset: (url: string) => boolean = () => false): ServerBuild {
  const routes: Routes = outsideAdminRoutes(build.routes);
  const url = build.assets ? publicManifestUrl(build.assets.url) : undefined;
  if (!url || url === build.assets.url || !hasAsset(url)) return { ...build, routes };
  return { ...build, routes, assets: { ...build.assets, url, routes: outsideAdminRoutes(build.assets.routes) } };
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
