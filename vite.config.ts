import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createLogger, defineConfig, type Plugin } from "vite";
import routes from "./app/routes.ts";

type ModuleInfo = { importers: readonly string[] } | null;
type ChunkingContext = { getModuleInfo: (id: string) => ModuleInfo };

const pathOf = (id: string) => id.split("?")[0]!.replaceAll("\\", "/");
/** Every route module the route table names (app/routes.ts), as paths under app/. */
function routeFiles(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...routeFiles(entry.children ?? [])]);
}
const FEATURE_ROUTES = new Set(routeFiles(routes).filter((file) => file.startsWith("features/")));
// The modules a page starts from: the client entry and the root (every page), and routes:
// the layered ones (app/routes/) and the feature folders' pages the route table names
// (a feature's components, such as a form in the footer, are not pages).
const isRouteModule = (id: string) => {
  const path = pathOf(id);
  const underApp = path.split("/app/").at(-1) ?? "";
  return /\/app\/(root\.tsx|routes\/)|\/entry\.client\.[jt]sx?$/.test(path) || FEATURE_ROUTES.has(underApp);
};
const isAdminRoute = (id: string) => /\/app\/(routes|features\/[^/]+)\/admin\//.test(pathOf(id));

/**
 * Two shared chunks (docs/decisions/260). Left to itself, the bundler splits the code routes
 * share into a chunk per combination of routes that import it: twenty-odd small scripts per
 * page, which on a slow phone connection queue behind each other and delay the first paint.
 * Instead, every module that two route modules reach by static imports (the client entry
 * and the root count as routes: every page loads them) goes into one of two chunks:
 * - `core`, loaded by every page, public and staff: the client entry and the root
 *   themselves, what they reach (React, React Router), and what a public route and an
 *   admin route both reach (the form fields, the date formats);
 * - `site`, loaded by public pages only: the public layout itself and what only public
 *   routes share (page heroes, cards, the appeal view, the Direct Debit Guarantee), which
 *   admin screens therefore never load.
 * The bundler's runtime helpers keep a chunk of their own. A public page loads 7 scripts:
 * the entry and the root (one line each, pointing into `core`), `core`, the runtime,
 * `site` (under the public layout's name), the page and the route manifest. Code that only
 * admin routes share is left to the bundler (admin screens have no script count limit);
 * code only one route reaches stays in that route's own chunk. Keep zod, table definitions
 * and big libraries out of modules a public page imports: whatever two public routes share
 * lands on every public page.
 */
function sharedChunks() {
  const memo = new Map<string, ReadonlySet<string>>();
  const routesReaching = (id: string, ctx: ChunkingContext, visiting = new Set<string>()): ReadonlySet<string> => {
    const known = memo.get(id);
    if (known) return known;
    if (isRouteModule(id)) return new Set([pathOf(id)]);
    if (visiting.has(id)) return new Set(); // an import cycle: the other path counts it
    visiting.add(id);
    const routes = new Set<string>();
    for (const importer of ctx.getModuleInfo(id)?.importers ?? []) {
      for (const route of routesReaching(importer, ctx, visiting)) routes.add(route);
    }
    visiting.delete(id);
    if (visiting.size === 0) memo.set(id, routes); // only complete answers are kept
    return routes;
  };
  const isEveryPage = (route: string) => /\/app\/root\.tsx$|\/entry\.client\.[jt]sx?$/.test(route);
  // A public page's own chunk, named after its file: what one public page shares only with
  // admin screens goes in with that page (admin screens load it), not on every public page.
  const pageChunk = (route: string) => `page-${(route.split("/app/").at(-1) ?? route).replace(/\.[jt]sx?$/, "").replace(/[^\w]+/g, "-")}`;
  const publicPagesUsingOnlyThis = new Set<string>();
  const chunkOf = (id: string, ctx: ChunkingContext): string | null => {
    // The route modules every page (every public page) loads go in with what they share.
    if (isEveryPage(pathOf(id))) return "core";
    if (pathOf(id).endsWith("/app/routes/public/layout.tsx")) return "site";
    if (isRouteModule(id)) return publicPagesUsingOnlyThis.has(pathOf(id)) ? pageChunk(pathOf(id)) : null;
    const routes = [...routesReaching(id, ctx)];
    if (routes.length < 2) return null;
    if (routes.some(isEveryPage)) return "core";
    const publicRoutes = routes.filter((route) => !isAdminRoute(route));
    if (publicRoutes.length === 0) return null;
    if (publicRoutes.length === 1) {
      publicPagesUsingOnlyThis.add(publicRoutes[0]!);
      return pageChunk(publicRoutes[0]!);
    }
    return publicRoutes.length === routes.length ? "site" : "core";
  };
  // `core` first: a module in it stays there when a `site` module imports it. Modules are
  // asked before the route modules that reach them, so a page's chunk is known by then.
  return [
    ...(["core", "site"] as const).map((chunk, index) => ({
      name: (id: string, ctx: ChunkingContext) => (chunkOf(id, ctx) === chunk ? chunk : null),
      priority: 3 - index,
      debugName: chunk,
    })),
    { name: (id: string, ctx: ChunkingContext) => { const chunk = chunkOf(id, ctx); return chunk?.startsWith("page-") ? chunk : null; }, priority: 1, debugName: "page" },
  ];
}

/**
 * The build's report without its noise: resource routes (no browser code) leave empty
 * chunks, listed as "0.00 kB"; those lines are dropped. Everything else is printed.
 */
export function quietLogger() {
  const logger = createLogger();
  const info = logger.info.bind(logger);
  logger.info = (message, options) => {
    // The report may come as one message of many lines.
    const kept = message
      .split("\n")
      .filter((line) => !/\s0\.00 kB\b/.test(line))
      .join("\n");
    if (kept.trim() !== "" || message.trim() === "") info(kept, options);
  };
  return logger;
}

/** The bundler's timing report is for profiling the build, not for every `npm start`. */
const QUIET_CHECKS = { checks: { bundlerTimings: false } };

/**
 * The dependencies the browser loads, declared up front for `npm run dev`, and the only
 * ones Vite optimises (`noDiscovery`): left to discover them, Vite's scan follows route
 * modules into their loaders' server-only packages (drizzle-orm, pg, pino...), optimises
 * again when it finds them and reloads the page the visitor is on.
 */
export const BROWSER_DEPENDENCIES = [
  "react",
  "react/jsx-runtime",
  "react/jsx-dev-runtime",
  "react-dom",
  "react-dom/client",
  "react-router",
  "react-router/dom",
  "@conform-to/react",
  "@conform-to/zod/v4",
  "zod",
  "@simplewebauthn/browser",
  "jsqr",
  "@tiptap/react",
  "@tiptap/extension-blockquote",
  "@tiptap/extension-bold",
  "@tiptap/extension-document",
  "@tiptap/extension-hard-break",
  "@tiptap/extension-heading",
  "@tiptap/extension-image",
  "@tiptap/extension-italic",
  "@tiptap/extension-list",
  "@tiptap/extension-paragraph",
  "@tiptap/extension-text",
  "@tiptap/extensions",
];

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // A route module in a shared chunk may export more than the route's own exports, so the
    // public layout's chunk is `site` itself rather than a one-line file pointing into it.
    {
      name: "entry-signatures",
      enforce: "post",
      configEnvironment(name, config) {
        if (name !== "client") return;
        for (const options of [config.build?.rollupOptions, config.build?.rolldownOptions]) {
          if (options) options.preserveEntrySignatures = "allow-extension";
        }
      },
    } satisfies Plugin,
  ],
  customLogger: quietLogger(),
  build: { assetsInlineLimit: 0, rolldownOptions: QUIET_CHECKS },
  optimizeDeps: { include: BROWSER_DEPENDENCIES, noDiscovery: true },
  environments: {
    client: { build: { rolldownOptions: { ...QUIET_CHECKS, output: { codeSplitting: { groups: sharedChunks() } } } } },
    ssr: { build: { rolldownOptions: QUIET_CHECKS } },
  },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
