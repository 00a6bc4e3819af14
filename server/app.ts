/**
 * The HTTP application: static files, security headers, compression, request log and
 * the React Router request handler. Built by `createApp`, started by server/main.ts.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Request, type RequestHandler } from "express";
import { createRequestHandler as createRouterRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { donorCookieName } from "../app/auth/donor-cookie.ts";
import { sessionCookieName } from "../app/auth/session.server.ts";
import { prepareToastCheck, TOAST_COOKIE, toastSignedBySite } from "../app/lib/toast.server.ts";
import { requestInfoContext } from "../app/lib/request-context.ts";
import { adminMenuContext, menuFromRoutes, type MenuEntry } from "../app/lib/admin-menu.ts";
import { refuseCrossSiteWrites } from "./csrf.ts";
import { createPageCache, type PageCacheOptions, type RenderClient } from "./page-cache.ts";
import { precompressedAssets } from "./precompressed-assets.ts";
import { outsideAdmin, withoutAdminRoutes } from "./public-routes.ts";
import { bodyLimitsFromRoutes, limitRequestBodies, refuseUnknownMethods } from "./request-limits.ts";
import { requestLog } from "./request-log.ts";
import { cachedHitsFirst } from "./cached-hits.ts";
import { securityHeaders, securityHeaderSetter } from "./security-headers.ts";

export interface AppOptions {
  rootDir: string;
  uploadsDir: string;
  /** The public file store's server when it is not the local disk (server/public-files.ts). */
  publicFiles?: RequestHandler;
  /**
   * Production: the built server bundle itself, so React Router prepares its route
   * matching once (given a function, it does so again on every request).
   * Development: a function that asks Vite for the current build.
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  viteMiddleware?: RequestHandler;
  /** Development only (`npm run dev`): pages of the dev tools, such as the caught mail at /__dev/mail. */
  devPages?: Record<string, RequestHandler>;
  /** Proxies trusted to name the client: a hop count or a list of addresses and subnets (TRUST_PROXY). */
  trustProxy?: number | string[];
  /** The site's public address (PUBLIC_URL), also accepted as a same-site origin. */
  publicUrl?: string;
  /** `npm run bench` only (BENCH_STATIC_DIR): the reference static files, served at /__bench-static. */
  benchStaticDir?: string;
  /** The rendered-page cache for anonymous visitors (off when absent, and in development). */
  pageCache?: Pick<PageCacheOptions, "subscribe" | "maxEntries" | "maxBytes" | "ttlMs" | "maxStaleMs" | "refreshConcurrency" | "recentMs">;
}

/** Stripe's webhook (app/routes/resources/stripe-webhook.ts). */
const STRIPE_WEBHOOK_PATH = "/payments/stripe/webhook";
/**
 * The one-click unsubscribe of newsletters (RFC 8058): mail providers POST it from their
 * servers, with no Origin; the secret token in the path is the key, and all it can do is
 * unsubscribe (app/features/supporters/public/newsletter-unsubscribe.ts).
 */
const ONE_CLICK_UNSUBSCRIBE = /^\/newsletter\/unsubscribe\/[0-9a-f]{32}$/;

const YEAR = 365 * 24 * 60 * 60;

export function createApp(options: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  if (options.trustProxy !== undefined) app.set("trust proxy", options.trustProxy);

  const applySecurityHeaders = securityHeaderSetter({ dev: Boolean(options.viteMiddleware) });
  app.use(securityHeaders(applySecurityHeaders));

  const mode = options.viteMiddleware ? "development" : "production";
  const build = options.build;
  // The admin menu, read from the route modules' handles: once in production, from the current build in development.
  let menu: Promise<MenuEntry[]> | undefined;
  const adminMenu = () =>
    typeof build === "function" ? build().then((b) => menuFromRoutes(b.routes)) : (menu ??= Promise.resolve(menuFromRoutes(build.routes)));
  const loadContextFor = (client: RenderClient) => {
    const context = new RouterContextProvider();
    context.set(adminMenuContext, adminMenu);
    context.set(requestInfoContext, client);
    return context;
  };
  const getLoadContext = (req: Request) => loadContextFor({ ip: req.ip ?? req.socket.remoteAddress ?? "unknown", secure: req.secure });
  // Anonymous visitors' public pages from memory (production only; PAGE_CACHE=off disables).
  // A stored page is answered first, before the rest of the middleware: it is already
  // compressed, it is a GET or HEAD (no body, no cross-site write), and a hit is not logged.
  // Production: requests outside /admin are matched against the other routes only (server/public-routes.ts).
  const publicBuild =
    typeof build === "function" ? build : withoutAdminRoutes(build, (url) => fs.existsSync(path.join(options.rootDir, "build/client", url)));
  const handleAny = createRouterRequestHandler(build, mode);
  const handlePublic = publicBuild === build ? handleAny : createRouterRequestHandler(publicBuild, mode);
  const cache =
    options.pageCache && !options.viteMiddleware
      ? createPageCache({
          ...options.pageCache,
          render: (request, client) => (outsideAdmin(request.url) ? handlePublic : handleAny)(request, loadContextFor(client)),
          bypassCookies: [sessionCookieName(false), sessionCookieName(true), donorCookieName(false), donorCookieName(true), TOAST_COOKIE],
          // A toast only counts when this site signed it: a made-up mcf_toast does not skip the cache.
          cookieCounts: (name, value) => name !== TOAST_COOKIE || toastSignedBySite(value),
        })
      : null;
  if (cache) {
    app.use(cache.hits);
    void prepareToastCheck().catch(() => {});
    // The server answers hits before Express even starts on them (server/cached-hits.ts):
    // the two middleware above, without Express's own cost.
    const listener = cachedHitsFirst(app, cache, applySecurityHeaders);
    app.listen = function listen(...args: unknown[]) {
      const server = http.createServer(listener);
      // As Express's own listen: a callback also hears a failure to listen.
      const done = args.at(-1);
      if (typeof done === "function") {
        let called = false;
        args[args.length - 1] = (...results: unknown[]) => {
          if (called) return;
          called = true;
          (done as (...results: unknown[]) => void)(...results);
        };
        server.once("error", args[args.length - 1] as () => void);
      }
      return server.listen(...(args as Parameters<typeof server.listen>));
    } as typeof app.listen;
  }

  // Responses made per request (pages rendered for each visitor, admin screens, data) are
  // compressed as they go, each with its own brotli encoder: quality 3 rather than the
  // package's 4 (about a third less CPU on an 80 KB public page, about 4% more bytes), and
  // a 256 KB window rather than 4 MB (pages are smaller; under 50 concurrent requests the
  // large encoders' memory cost more than the compression itself): docs/decisions/144.
  // Stored pages and the bundles are compressed once, at the best level.
  app.use(
    compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }),
  );
  // Cross-site requests that change data are refused before anything else runs, except
  // Stripe's webhook, which comes from Stripe and proves itself with its signature.
  const refuseCrossSite = refuseCrossSiteWrites({ publicUrl: options.publicUrl });
  app.use((req, res, next) => (req.path === STRIPE_WEBHOOK_PATH || ONE_CLICK_UNSUBSCRIBE.test(req.path) ? next() : refuseCrossSite(req, res, next)));
  app.use(refuseUnknownMethods);
  // One body limit for every request (a larger one for the routes that declare it), before any route reads.
  let limits: Promise<(pathname: string) => number> | undefined;
  app.use(
    limitRequestBodies(() =>
      typeof build === "function"
        ? build().then((b) => bodyLimitsFromRoutes(b.routes))
        : (limits ??= Promise.resolve(bodyLimitsFromRoutes(build.routes))),
    ),
  );

  app.use(requestLog());

  // Uploaded images have random names: cache them for a year.
  app.use(
    "/uploads",
    options.publicFiles ??
      express.static(options.uploadsDir, {
        immutable: true,
        maxAge: YEAR * 1000,
        index: false,
        fallthrough: false,
        // Uploaded PDFs (annual reports) are downloaded, never shown as a page of this site.
        setHeaders: (res, file) => {
          if (file.endsWith(".pdf")) res.setHeader("Content-Disposition", "attachment");
        },
      }),
  );

  if (options.benchStaticDir) {
    app.use("/__bench-static", express.static(options.benchStaticDir, { index: false, maxAge: 0 }));
  }

  if (options.viteMiddleware) {
    for (const [pagePath, handler] of Object.entries(options.devPages ?? {})) app.get(pagePath, handler);
    app.use(options.viteMiddleware);
  } else {
    const clientDir = path.join(options.rootDir, "build/client");
    // Fingerprinted bundles: immutable for a year, brotli/gzip compressed once.
    app.use("/assets", precompressedAssets(path.join(clientDir, "assets"), { maxAgeSeconds: YEAR }));
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: YEAR * 1000, index: false }));
    // The other public files (favicon, images, reports) all have an extension; page
    // addresses never do, so they skip the look-up on disk.
    const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  // Pages not stored yet (or not to be stored): rendered, and stored when they may be.
  if (cache) app.use(cache.middleware);

  const expressAny = createRequestHandler({ build, mode, getLoadContext });
  const expressPublic = publicBuild === build ? expressAny : createRequestHandler({ build: publicBuild, mode, getLoadContext });
  app.all("/{*splat}", (req, res, next) =>
    // The address as React Router reads it (its host does not change the path).
    (outsideAdmin(`http://localhost${req.originalUrl}`) ? expressPublic : expressAny)(req, res, next),
  );
  return app;
}
