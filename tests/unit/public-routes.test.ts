import vm from "node:vm";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { outsideAdmin, withoutAdminRoutes } from "../../server/public-routes.ts";

/** A route table shaped like the server build's (flat, by parent), as app/routes.ts makes it. */
const route = (id: string, parentId: string | undefined, path: string | undefined, index?: boolean) => ({
  id,
  parentId,
  path,
  index,
  module: {},
});
const ROUTES = Object.fromEntries(
  [
    route("root", undefined, ""),
    route("public", "root", undefined),
    route("home", "public", undefined, true),
    route("events", "public", "events"),
    route("event", "public", "events/:id"),
    route("administration-page", "public", "administration"),
    route("not-found", "public", "*"),
    route("admin-login", "root", "admin/login"),
    route("admin-setup", "root", "admin/setup/:token"),
    route("admin-layout", "root", "admin"),
    route("admin-index", "admin-layout", undefined, true),
    route("admin-events", "admin-layout", "events"),
    route("admin-event", "admin-layout", "events/edit/:id"),
    route("submissions", "admin-layout", undefined),
    route("inbox", "submissions", "inbox/:id"),
    route("admin-not-found", "admin-layout", "*"),
    route("calendar", "root", "events/:id/calendar.ics"),
    route("healthz", "root", "healthz"),
  ].map((r) => [r.id, r]),
);
const build = { routes: ROUTES } as unknown as ServerBuild;

/** The nested route objects React Router matches against, from the flat table. */
function tree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((r) => r?.parentId === parentId)
    .map((r) => ({ id: r!.id, path: r!.path, index: r!.index, children: r!.index ? undefined : tree(routes, r!.id) }) as RouteObject);
}
const leaf = (routes: ServerBuild["routes"], path: string) => matchRoutes(tree(routes), path)?.at(-1)?.route.id ?? null;

describe("requests outside /admin matched against the other routes only", () => {
  const publicOnly = withoutAdminRoutes(build);

  it("drops every route under /admin, layouts included, and keeps the others", () => {
    expect(Object.keys(publicOnly.routes).sort()).toEqual(
      ["root", "public", "home", "events", "event", "administration-page", "not-found", "calendar", "healthz"].sort(),
    );
    // The original build is left whole.
    expect(Object.keys(build.routes)).toHaveLength(18);
  });

  it("sends admin addresses, and any address it cannot read plainly, to the whole build", () => {
    for (const path of ["/admin", "/admin/", "/admin/login", "/ADMIN/events", "/admin.data", "/administration", "//admin/login", "/%61dmin/login", "/events/%31"]) {
      expect(outsideAdmin(`http://localhost${path}`), path).toBe(false);
    }
    for (const path of ["/", "/events", "/events/1", "/events/1/calendar.ics", "/_root.data", "/events.data?_routes=x", "/healthz", "/no-such-page"]) {
      expect(outsideAdmin(`http://localhost${path}`), path).toBe(true);
    }
    // React Router reads the address with URL: dot segments and backslashes are resolved first.
    expect(outsideAdmin("http://localhost/events/../admin/login")).toBe(false);
    expect(outsideAdmin("http://localhost/\\admin/login")).toBe(false);
    expect(outsideAdmin("http://localhost/./admin")).toBe(false);
    expect(outsideAdmin("not a url")).toBe(false);
  });

  it("finds the same route as the whole build for every address it is used for", () => {
    const paths = ["/", "/events", "/events/1", "/events/1/calendar.ics", "/healthz", "/nothing/here", "/admin", "/admin/login", "/admin/events/edit/3", "/admin/inbox/4", "/admin/nope", "/Admin/Events", "/administration"];
    for (const path of paths) {
      const whole = leaf(build.routes, path);
      expect(whole, path).not.toBeNull();
      if (outsideAdmin(`http://localhost${path}`)) expect(leaf(publicOnly.routes, path), path).toBe(whole);
    }
    // Admin addresses do need the whole build: without it they would fall to the public 404.
    expect(leaf(publicOnly.routes, "/admin/events")).toBe("not-found");
    expect(leaf(build.routes, "/admin/events")).toBe("admin-events");
  });
});

describe("the browser's route manifest for public pages", () => {
  const manifestRoutes = Object.fromEntries(Object.entries(ROUTES).map(([id, r]) => [id, { id, path: r!.path, parentId: r!.parentId, module: `/assets/${id}.js` }]));
  const whole = `window.__reactRouterManifest=${JSON.stringify({ entry: { module: "/assets/entry.js" }, routes: manifestRoutes, url: "/assets/manifest-abc123.js", version: "abc123" })};`;

  it("is the whole manifest without the admin routes, under its own address", async () => {
    const { publicManifest } = await import("../../scripts/public-manifest.ts");
    const written = publicManifest(whole);
    // Evaluated as the browser does; a route path with a quote or backslash survives the string.
    const sandbox = { window: {} as { __reactRouterManifest?: unknown }, JSON };
    vm.runInNewContext(written, sandbox);
    const manifest = sandbox.window.__reactRouterManifest as { routes: Record<string, { path?: string }>; url: string; version: string; entry: unknown };
    expect(written).toMatch(/^window\.__reactRouterManifest=JSON\.parse\('/);
    expect(Object.keys(manifest.routes).sort()).toEqual(Object.keys(withoutAdminRoutes(build).routes).sort());
    expect(manifest.url).toBe("/assets/manifest-public-abc123.js");
    expect(manifest.version).toBe("abc123");
    expect(manifest.entry).toEqual({ module: "/assets/entry.js" });
    expect(() => publicManifest("console.log(1)")).toThrow();
    const odd = publicManifest(whole.replace('"path":"events"', `"path":"it's\\\\news"`));
    const oddSandbox = { window: {} as { __reactRouterManifest?: { routes: Record<string, { path?: string }> } }, JSON };
    vm.runInNewContext(odd, oddSandbox);
    expect(Object.values(oddSandbox.window.__reactRouterManifest!.routes).map((r) => r.path)).toContain("it's\\news");
  });

  it("is named by public pages only when the build wrote it", () => {
    const withAssets = { routes: ROUTES, assets: { url: "/assets/manifest-abc123.js", routes: manifestRoutes } } as unknown as ServerBuild;
    expect(withoutAdminRoutes(withAssets).assets.url).toBe("/assets/manifest-abc123.js");
    const named = withoutAdminRoutes(withAssets, (url) => url === "/assets/manifest-public-abc123.js");
    expect(named.assets.url).toBe("/assets/manifest-public-abc123.js");
    expect(Object.keys(named.assets.routes).sort()).toEqual(Object.keys(named.routes).sort());
    expect(Object.keys(named.assets.routes)).not.toContain("admin-layout");
    // The whole build keeps the whole manifest for the admin area.
    expect(withAssets.assets.url).toBe("/assets/manifest-abc123.js");
  });
});
