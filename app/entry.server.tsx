import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import { contentSecurityPolicy, newScriptMark, ownInlineScripts, scriptHashes } from "./lib/content-security-policy.server.ts";
import { forFirstPaint } from "./lib/first-paint.server.ts";
import { isStaffPath } from "./lib/staff-path.ts";
import { pageTopics, TOPICS_HEADER } from "./live/topics.ts";
import { config } from "./lib/config.server.ts";
import { logger } from "./lib/logger.server.ts";

export const streamTimeout = 5_000;

/** The content topics of the matched routes' handles (app/live/topics.ts). */
function pageTopicsOf(context: EntryContext) {
  return pageTopics(context.staticHandlerContext.matches.map((match) => context.routeModules[match.route.id]?.handle));
}

/**
 * The context with a route manifest of the matched routes only. React Router's
 * `ServerRouter` turns the whole manifest into a route tree on every render and matches
 * the address against it again (about a hundred routes, admin ones included); the page
 * being rendered needs only its own branch, and the browser gets the whole manifest from
 * its own file (react-router.config.ts).
 */
function withMatchedRoutesOnly(context: EntryContext): EntryContext {
  const routes: EntryContext["manifest"]["routes"] = {};
  for (const match of context.staticHandlerContext.matches) routes[match.route.id] = context.manifest.routes[match.route.id];
  return { ...context, manifest: { ...context.manifest, routes } };
}

/**
 * A page's body from its pieces. One string is given as it is (Response encodes it once;
 * a Buffer would be copied again); pieces are sent one after the other, each encoded
 * once, without joining them (the bytes given, the public pages' `<style>`, are shared by
 * every response and never copied; a plain stream, not a byte stream, which would take
 * them over).
 */
function responseBody(chunks: (string | Uint8Array)[]): string | ReadableStream<Uint8Array> {
  if (chunks.length === 1 && typeof chunks[0] === "string") return chunks[0];
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk);
      controller.close();
    },
  });
}

/**
 * Errors thrown by loaders and actions. Not logged: aborted requests, and a body refused
 * by the server's size limit (server/request-limits.ts has already answered 413).
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (error instanceof Error && error.name === "PayloadTooLargeError") return;
  logger.error({ err: error, url: request.url }, "request error");
}

/**
 * Renders the whole document before answering (no streaming): pages are complete HTML
 * for visitors, crawlers and the page cache alike. The Content-Security-Policy of the
 * page allows exactly the inline scripts React Router wrote into it, by their SHA-256
 * hashes, so the page and its header can be cached together (server/page-cache.ts). They
 * are told apart from any other script by a random mark given for this render only (as
 * React Router's nonce), which is removed from the HTML afterwards. Public pages then get
 * their critical CSS inline (app/lib/first-paint.server.ts), allowed by its hash.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const isHead = request.method.toUpperCase() === "HEAD";

  return new Promise<Response>((resolve, reject) => {
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const mark = newScriptMark();
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={withMatchedRoutesOnly(routerContext)} url={request.url} nonce={mark} />, {
      onAllReady() {
        const sink = new Writable({
          write(chunk: Buffer | string, _encoding, callback) {
            chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            const own = ownInlineScripts(Buffer.concat(chunks).toString("utf8"), mark);
            // Staff screens link the whole stylesheet (app/root.tsx), as does the development server.
            const linked = isStaffPath(new URL(request.url).pathname) || config().NODE_ENV === "development";
            const page = linked ? { chunks: [own.html], styleHashes: [], scriptHashes: [] } : forFirstPaint(own.html);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            // For the page cache (which removes it): the content topics this page shows.
            responseHeaders.set(TOPICS_HEADER, pageTopicsOf(routerContext).join(","));
            responseHeaders.set(
              "Content-Security-Policy",
              contentSecurityPolicy({
                scriptHashes: [...scriptHashes(own.scripts), ...page.scriptHashes],
                styleHashes: page.styleHashes,
                dev: config().NODE_ENV === "development",
              }),
            );
            resolve(new Response(isHead ? null : responseBody(page.chunks), { headers: responseHeaders, status: responseStatusCode }));
            callback();
          },
        });
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        logger.error({ err: error, url: request.url }, "render error");
      },
    });
  });
}
