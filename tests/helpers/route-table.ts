/**
 * Runs a route module's loader or action the way React Router does for a server
 * request: through the middleware of every layout above it in app/routes.ts (the admin
 * layouts check the session and the access there), then the handler. For integration
 * tests that call route modules directly.
 */
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes.ts";

type Middleware = (args: unknown, next: () => Promise<unknown>) => Promise<unknown>;

/** The layout files above a route file in the route table, outermost first. */
function layoutsAbove(file: string, entries: RouteConfigEntry[] = routes, above: string[] = []): string[] | null {
  for (const entry of entries) {
    if (entry.file === file) return above;
    if (entry.children) {
      const found = layoutsAbove(file, entry.children, [...above, entry.file]);
      if (found) return found;
    }
  }
  return null;
}

/** Calls `handler(args)` inside the middleware of the layouts above `routeFile` (e.g. "features/submissions/admin/inbox-export.ts"). */
export async function throughLayouts<A, R>(routeFile: string, handler: (args: A) => R | Promise<R>, args: A): Promise<R> {
  const layouts = layoutsAbove(routeFile);
  if (!layouts) throw new Error(`${routeFile} is not in app/routes.ts`);
  const chain: Middleware[] = [];
  for (const layout of layouts) {
    const module = (await import(path.resolve(import.meta.dirname, "../../app", layout))) as { middleware?: Middleware[] };
    chain.push(...(module.middleware ?? []));
  }
  const run = async (index: number): Promise<unknown> => (index < chain.length ? chain[index](args, () => run(index + 1)) : handler(args));
  return (await run(0)) as R;
}

type Manifest = Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: { handle?: unknown } }>;

/**
 * The route table as a server build lists it (`build.routes`: id, parent, path and the
 * route module), made from app/routes.ts and the modules themselves. `only` keeps the
 * top-level routes whose file starts with it, with everything nested in them (feature
 * routes under the admin layout live in app/features/), and loads only those modules.
 */
export async function routeManifest(only = "routes/", entries: RouteConfigEntry[] = routes, parentId = "root", manifest: Manifest = {}): Promise<Manifest> {
  for (const entry of entries) {
    if (parentId === "root" && !entry.file.startsWith(only)) continue;
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    const module = (await import(path.resolve(import.meta.dirname, "../../app", entry.file))) as { handle?: unknown };
    manifest[id] = { id, parentId, path: entry.path, index: entry.index, module };
    if (entry.children) await routeManifest(only, entry.children, id, manifest);
  }
  return manifest;
}
