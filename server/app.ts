/**
 * The HTTP application: static files, security headers, compression, request log and
 * the React Router request handler. Built by `createApp`, started by server/main.ts.
 */
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { logger } from "../app/lib/logger.server.ts";
import { requestInfoContext } from "../app/lib/request-context.ts";
import { refuseCrossSiteWrites } from "./csrf.ts";
import { securityHeaders } from "./security-headers.ts";

export interface AppOptions {
  rootDir: string;
  uploadsDir: string;
  /** Production: a function returning the built server bundle. Development: Vite. */
  build: () => Promise<ServerBuild>;
  viteMiddleware?: RequestHandler;
  trustProxy?: boolean;
  /** The site's public address (PUBLIC_URL), also accepted as a same-site origin. */
  publicUrl?: string;
  /** `npm run bench` only (BENCH_STATIC_DIR): the reference static files, served at /__bench-static. */
  benchStaticDir?: string;
}

const YEAR = 365 * 24 * 60 * 60;

export function createApp(options: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  if (options.trustProxy) app.set("trust proxy", true);

  app.use(securityHeaders({ dev: Boolean(options.viteMiddleware) }));
  app.use(compression());
  // Cross-site requests that change data are refused before anything else runs.
  app.use(refuseCrossSiteWrites({ publicUrl: options.publicUrl }));

  app.use((req, res, next) => {
    const started = performance.now();
    res.on("finish", () => {
      const ms = Math.round(performance.now() - started);
      const line = { method: req.method, url: req.originalUrl, status: res.statusCode, ms };
      if (res.statusCode >= 500) logger.error(line, "request");
      else logger.debug(line, "request");
    });
    next();
  });

  // Uploaded images have random names: cache them for a year.
  app.use(
    "/uploads",
    express.static(options.uploadsDir, { immutable: true, maxAge: YEAR * 1000, index: false, fallthrough: false }),
  );

  if (options.benchStaticDir) {
    app.use("/__bench-static", express.static(options.benchStaticDir, { index: false, maxAge: 0 }));
  }

  if (options.viteMiddleware) {
    app.use(options.viteMiddleware);
  } else {
    const clientDir = path.join(options.rootDir, "build/client");
    // Fingerprinted bundles: immutable for a year.
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: YEAR * 1000, index: false }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: options.build,
      mode: options.viteMiddleware ? "development" : "production",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(requestInfoContext, {
          ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
          nonce: String(res.locals.nonce ?? ""),
          secure: req.secure,
        });
        return context;
      },
    }),
  );
  return app;
}
