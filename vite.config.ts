import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createLogger, defineConfig } from "vite";
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
 * One `site` chunk for the public pages. Left to itself, the bundler splits the code the
 * public routes share into a chunk per combination of routes that import it: twenty-odd
 * small scripts per page, which on a slow phone connection queue behind each other and
 * delay the first paint. This group puts into one chunk every module that a public route
 * (or the root, or the client entry) reaches by static imports and that another one
 * reaches too, i.e. every module that would otherwise land in a shared chunk a public
 * page loads. Code that only admin routes reach never lands there, so public pages load
 * no admin code; code only one route reaches stays in that route's own chunk.
 */
function publicSiteChunk() {
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
  const inSite = (id: string, ctx: ChunkingContext) => {
    if (isRouteModule(id)) return false;
    const routes = [...routesReaching(id, ctx)];
    return routes.length >= 2 && routes.some((route) => !isAdminRoute(route));
  };
  return { name: (id: string, ctx: ChunkingContext) => (inSite(id, ctx) ? "site" : null), debugName: "site" };
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
  plugins: [tailwindcss(), reactRouter()],
  customLogger: quietLogger(),
  build: { assetsInlineLimit: 0, rolldownOptions: QUIET_CHECKS },
  optimizeDeps: { include: BROWSER_DEPENDENCIES, noDiscovery: true },
  environments: {
    client: { build: { rolldownOptions: { ...QUIET_CHECKS, output: { codeSplitting: { groups: [publicSiteChunk()] } } } } },
    ssr: { build: { rolldownOptions: QUIET_CHECKS } },
  },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
