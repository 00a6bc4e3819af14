/**
 * The server, loaded by the process entry server/main.ts. Opens the database (embedded
 * PostgreSQL unless DATABASE_URL is set), applies migrations and the first-start seed,
 * prints the first-run setup link when there is no administrator yet, starts the job
 * queue, then serves HTTP until SIGINT/SIGTERM, when it shuts down cleanly (`shutdown`).
 */
import fs from "node:fs";
import net, { type Socket } from "node:net";
import type { ServerResponse } from "node:http";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createOneTimeLink } from "../app/auth/one-time-links.server.ts";
import { encryptPlaintextSecrets } from "../app/auth/two-factor.server.ts";
import { openDatabase } from "../app/db/bootstrap.server.ts";
import { countAdministrators } from "../app/features/staff/index.ts";
import { seedExamples } from "../app/db/seed.server.ts";
import { siteJobs } from "../app/jobs/jobs.server.ts";
import { startQueue } from "../app/jobs/queue.server.ts";
import { config as readAppConfig, reloadConfig, setListeningOrigin, startupProblem } from "../app/lib/config.server.ts";
import { subscribe } from "../app/live/change-feed.server.ts";
import { enableContentCache } from "../app/live/content-cache.server.ts";
import { logger } from "../app/lib/logger.server.ts";
import { projectRoot } from "../app/lib/project-root.server.ts";
import { siteSamples } from "../app/samples.server.ts";
import { publicStore } from "../app/storage/file-store.server.ts";
import { beginShutdown, shuttingDown } from "../app/system/lifecycle.server.ts";
import { createApp } from "./app.ts";
import { servePublicFiles } from "./public-files.ts";
import { announceSetupLink, removeSetupLinkFile } from "./setup-link.ts";
import { trustProxySetting } from "./request-limits.ts";

const config = readAppConfig();
const problem = startupProblem(config);
if (problem) {
  console.error(`\n  The server cannot start: ${problem}\n`);
  process.exit(1);
}
const dev = config.NODE_ENV === "development";
fs.mkdirSync(config.uploadsDir, { recursive: true });

// `npm run dev` without Stripe keys: a local Stripe double, so a donation can be tried end
// to end (STRIPE_DOUBLE=off to see the site without online giving).
let stripeDouble: { webhookUrl: string | undefined; env(): Record<string, string>; stop(): Promise<void> } | undefined;
if (dev && !config.STRIPE_SECRET_KEY && config.STRIPE_DOUBLE !== "off") {
  const doublePath = new URL("../scripts/stripe-double.ts", import.meta.url).href;
  const { StripeDouble } = (await import(/* @vite-ignore */ doublePath)) as typeof import("../scripts/stripe-double.ts");
  stripeDouble = await new StripeDouble().start();
  // The double's address becomes this process's Stripe configuration.
  // eslint-disable-next-line no-restricted-properties
  Object.assign(process.env, stripeDouble.env());
  reloadConfig();
  logger.info("no Stripe keys: payments go to the local Stripe double (STRIPE_DOUBLE=off to turn it off)");
}

// `npm run dev` without a mail server: a mail catcher on loopback (a real SMTP server), so
// every email the site sends can be read at /__dev/mail (MAIL_CATCHER=off to turn it off).
let mailCatcher: Awaited<ReturnType<typeof import("../scripts/mail-catcher.ts").startSmtpCatcher>> | undefined;
let devPages: Record<string, import("express").RequestHandler> | undefined;
if (dev && !config.mail && config.MAIL_CATCHER !== "off") {
  const catcherPath = new URL("../scripts/mail-catcher.ts", import.meta.url).href;
  const { startSmtpCatcher, mailCatcherPage } = (await import(/* @vite-ignore */ catcherPath)) as typeof import("../scripts/mail-catcher.ts");
  mailCatcher = await startSmtpCatcher();
  devPages = { "/__dev/mail": mailCatcherPage(mailCatcher.mails) };
  // eslint-disable-next-line no-restricted-properties
  Object.assign(process.env, { SMTP_URL: mailCatcher.url, MAIL_FROM: "Millbrook Community Foundation <no-reply@localhost>" });
  reloadConfig();
}

// The sample and starting content every feature declares (app/samples.server.ts).
const samples = await siteSamples();
const database = await openDatabase(config, { mode: "own", samples }).catch((error: unknown) => {
  logger.fatal({ err: error }, "could not open the database");
  process.exit(1);
});
logger.info({ embedded: database.embedded, dataDir: config.dataDir }, "database ready");
// A new site's examples for the staff screens (sample supporters, giving, sponsors, a
// newsletter, a series with a waitlist, ticket types, visitor figures): each once, under its
// own rule (none on a site with real people); a failure is logged and the start goes on.
const examples = await seedExamples(database.db, samples);
if (examples.length > 0) logger.info({ sections: examples }, "sample content written");
// Second-factor secrets stored before encryption at rest are encrypted now.
const encrypted = await encryptPlaintextSecrets();
if (encrypted > 0) logger.info({ encrypted }, "second-factor secrets encrypted at rest");

// Jobs (retention, housekeeping, scheduled news, mail) on the database's queue, shared
// by every instance (app/jobs/).
const queue = await startQueue(database.url, siteJobs()).catch(async (error: unknown) => {
  logger.fatal({ err: error }, "could not start the job queue");
  await database.close().catch(() => {});
  process.exit(1);
});

let build: ServerBuild | (() => Promise<ServerBuild>);
let viteMiddleware;
let closeVite = async () => {};
if (dev) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  viteMiddleware = viteServer.middlewares;
  build = () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  closeVite = () => viteServer.close();
} else {
  const buildFile = path.join(projectRoot, "build/server/index.js");
  // build/critical.css: the public pages' CSS, written into each one (app/lib/first-paint.server.ts).
  if (!fs.existsSync(buildFile) || !fs.existsSync(path.join(projectRoot, "build/critical.css"))) {
    logger.fatal("No production build found: run `npm run build` first (npm start does this).");
    process.exit(1);
  }
  build = (await import(buildFile)) as ServerBuild;
}

const app = createApp({
  rootDir: projectRoot,
  uploadsDir: config.uploadsDir,
  publicFiles: config.s3 ? servePublicFiles({ store: publicStore, baseUrl: config.s3.publicBaseUrl }) : undefined,
  build,
  viteMiddleware,
  devPages,
  trustProxy: trustProxySetting(config.TRUST_PROXY),
  publicUrl: config.PUBLIC_URL,
  benchStaticDir: config.BENCH_STATIC_DIR,
  // Rendered public pages kept in memory, rendered again in the background when the change
  // feed reports a change (the previous version served meanwhile, at most PAGE_CACHE_MAX_STALE_SECONDS).
  pageCache: config.PAGE_CACHE === "off" ? undefined : { subscribe, maxStaleMs: config.PAGE_CACHE_MAX_STALE_SECONDS * 1000 },
});
// Public content reads (settings, events, craft fairs) kept in memory, also dropped on change.
enableContentCache();

const server = app.listen(config.PORT, config.HOST, async () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  setListeningOrigin(`http://localhost:${port}`);
  const origin = config.PUBLIC_URL ?? `http://localhost:${port}`;
  if (stripeDouble) stripeDouble.webhookUrl = `http://127.0.0.1:${port}/payments/stripe/webhook`;
  logger.info(`Millbrook Community Foundation is running on ${origin}`);
  console.log(`\n  Millbrook Community Foundation: ${origin}\n`);
  if (mailCatcher) console.log(`  No mail server set: the mail the site sends is caught here: ${origin}/__dev/mail\n`);
  if ((await countAdministrators()) === 0) {
    const link = await createOneTimeLink("setup");
    // Never into the log: on the terminal, or in a file of the data folder (server/setup-link.ts).
    announceSetupLink(`${origin}${link.path}`, {
      isTTY: Boolean(process.stdout.isTTY),
      dataDir: config.dataDir,
      print: (text) => console.log(text),
      log: (fields, message) => logger.warn(fields, message),
    });
  } else removeSetupLinkFile(config.dataDir);
});
server.keepAliveTimeout = 65_000;

// Requests in flight, so a shutdown can let them finish; once it has begun, every
// response says `Connection: close`, so no client reuses a connection that is going away.
const inFlight = new Set<ServerResponse>();
// Each open connection: how many requests it has carried and whether one is running.
// A connection that has carried none yet holds a request the server has not read (the
// client sent it; the process was busy): at shutdown it is given time to be read and
// answered, never closed as idle.
const connections = new Map<Socket, { served: number; busy: boolean }>();
server.on("connection", (socket: Socket) => {
  connections.set(socket, { served: 0, busy: false });
  socket.on("close", () => connections.delete(socket));
});
server.prependListener("request", (req, res) => {
  inFlight.add(res);
  const connection = connections.get(req.socket);
  if (connection) {
    connection.served++;
    connection.busy = true;
  }
  res.on("close", () => {
    inFlight.delete(res);
    if (connection) connection.busy = false;
  });
  if (shuttingDown()) res.setHeader("Connection", "close");
});

/**
 * Closes the connections with nothing to do: between two requests on a kept-alive
 * connection (its client reuses it only after this moment, and opens a new one when it
 * finds it closed), and, after FRESH_GRACE_MS, those that never sent a request.
 */
function closeIdle(since: number) {
  const freshToo = Date.now() - since >= FRESH_GRACE_MS;
  for (const [socket, connection] of connections) {
    if (connection.busy || (connection.served === 0 && !freshToo)) continue;
    // No request running, but bytes of the next one may already be in: only an empty read buffer is idle.
    if (socket.readableLength > 0) continue;
    socket.destroySoon();
  }
}

const DRAIN_LIMIT_MS = 10_000;
const IDLE_GRACE_MS = 500;
/** How long a connection that has sent no request yet is kept open at shutdown. */
const FRESH_GRACE_MS = 3_000;

/**
 * SIGTERM/SIGINT: /healthz answers 503 and live-update streams end (browsers reconnect
 * elsewhere); the server stops accepting connections and lets the requests in flight
 * finish (10 s at most), closing each keep-alive connection after its response; then the
 * job queue stops (running jobs may finish, or are handed back), the pool closes and the
 * embedded PostgreSQL stops. Exits 0 when all of that went through.
 */
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal, inFlight: inFlight.size }, "shutting down");
  const force = setTimeout(() => {
    logger.error("shutdown took too long: exiting");
    process.exit(1);
  }, 30_000);
  force.unref();
  beginShutdown();
  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  // Stop accepting connections. (http.Server's close would also drop the idle keep-alive
  // connections at once, racing a client's next request on them: a reset. net.Server's
  // only stops accepting; the callback comes when every connection has ended.)
  const drained = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  // A busy client's next request is answered with `Connection: close`, and its
  // connection ends there. Connections still idle after a moment are closed; one that was
  // accepted but whose request has not been read yet is answered first (closeIdle).
  const since = Date.now();
  let idle: NodeJS.Timeout | undefined;
  const grace = setTimeout(() => {
    closeIdle(since);
    idle = setInterval(() => closeIdle(since), 100);
  }, IDLE_GRACE_MS);
  const limit = new Promise<"limit">((resolve) => setTimeout(() => resolve("limit"), DRAIN_LIMIT_MS).unref());
  if ((await Promise.race([drained, limit])) === "limit") {
    logger.warn({ inFlight: inFlight.size }, "requests still running after 10 s: closing their connections");
    server.closeAllConnections();
  }
  clearTimeout(grace);
  clearInterval(idle);
  let clean = true;
  await queue.stop(DRAIN_LIMIT_MS).catch((error: unknown) => {
    clean = false;
    logger.error({ err: error }, "job queue stop failed");
  });
  await closeVite().catch(() => {});
  await stripeDouble?.stop().catch(() => {});
  await mailCatcher?.stop().catch(() => {});
  await database.close().catch((error: unknown) => {
    clean = false;
    logger.error({ err: error }, "database close failed");
  });
  logger.info({ clean }, "stopped");
  process.exit(clean ? 0 : 1);
}
// The embedded PostgreSQL package hooks these signals to stop its server and exit at once
// (async-exit-hook), under the requests still in flight: this shutdown owns them, and
// stops the database last.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => void shutdown(signal));
}
