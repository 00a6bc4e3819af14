import { Writable } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import { contentSecurityPolicy, newScriptMark, ownInlineScripts, scriptHashes } from "./lib/content-security-policy.server.ts";
import { forFirstPaint, withLighterScrollRestoration } from "./lib/first-paint.server.ts";
import { withIconSymbols } from "./components/site/icon-symbols.server.ts";
import { isStaffPath } from "./lib/staff-path.ts";
import { pageTopics } from "./live/content-topics.ts";
import { handleTopics, TOPICS_HEADER, type ContentTopic } from "./live/topics.ts";
import { finishReading, topicsRead } from "./live/read-topics.server.ts";
import { pageQuery, QUERY_HEADER } from "./lib/page-query.ts";
import { config } from "./lib/config.server.ts";
import { logger } from "./lib/logger.server.ts";
import { markupStore } from "./lib/stored-markup.server.ts";
import { MarkupStoreContext } from "./lib/stored-markup.ts";

export const streamTimeout = 5_000;

/**
 * The content topics of a page: what its loaders actually read (app/live/read-topics.server.ts)
 * and what the matched routes' handles add (app/live/topics.ts). Outside a record (none is
 * expected), what the handles declare, or every topic.
 */
function pageTopicsOf(context: EntryContext, read: ReadonlySet<ContentTopic> | null) {
  const handles = context.staticHandlerContext.matches.map((match) => context.routeModules[match.route.id]?.handle);
  return read ? [...new Set([...handleTopics(handles), ...read])].sort() : pageTopics(handles);
}

/** The query parameters the matched routes read (app/lib/page-query.ts). */
function pageQueryOf(context: EntryContext) {
  return pageQuery(context.staticHandlerContext.matches.map((match) => context.routeModules[match.route.id]?.handle));
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
 * A page's body from its pieces, and its length in bytes when known. One string is given
 * as it is (Response encodes it once). Pieces are written into one buffer, each encoded
 * (or copied) once, which goes to the Response as a stream of that one chunk, so it is
 * neither copied again nor sent in several chunks (each flushing the compressor).
 */
function responseBody(chunks: (string | Uint8Array)[]): { body: string | ReadableStream<Uint8Array>; length?: number } {
  if (chunks.length === 1 && typeof chunks[0] === "string") return { body: chunks[0] };
  let length = 0;
  for (const chunk of chunks) length += typeof chunk === "string" ? Buffer.byteLength(chunk, "utf8") : chunk.byteLength;
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const chunk of chunks) {
    if (typeof chunk === "string") at += bytes.write(chunk, at, "utf8");
    else {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return { body, length };
}

/**
 * Errors thrown by loaders and actions. Not logged: aborted requests, and a body refused
 * by the server's size limit (server/request-limits.ts has already answered 413).
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (error instanceof Error && error.name === "PayloadTooLargeError") return;
  // The path only: a query string can hold what someone typed.
  logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "request error");
}

/**
 * The page data React Router streams into the document (its `serverHandoffStream`), read
 * to the end before rendering and handed to its `StreamTransfer` as already read: every
 * loader has run, so the data is complete at once, and the render need not stop and
 * resume for each piece. The chunks are the stream's own, so the document carries the
 * same scripts as when React Router reads them during the render.
 */
export async function readPageData(context: Pick<EntryContext, "serverHandoffStream" | "renderMeta">): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const cache: NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]> = {};
  try {
    for (let identifier = 0; ; identifier++) {
      const { done, value } = await reader.read();
      cache[identifier] = Object.assign(Promise.resolve(), { result: { done, value: decoder.decode(value, { stream: true }) } });
      if (done) break;
    }
  } finally {
    reader.releaseLock();
  }
  context.renderMeta = { ...context.renderMeta, streamCache: cache };
}

/** Marks React writes where a boundary was not rendered on the server (suspended, or failed). */
const UNFINISHED_BOUNDARY = /<!--\$[?!]-->/;

/**
 * The document in one synchronous pass (React's string renderer: no stream, no bytes to
 * encode and decode again), or null when that pass cannot give the complete page (a
 * boundary suspended or failed, or the render threw): the streaming render then does it
 * again and reports the errors as before.
 */
export function renderAtOnce(element: React.ReactElement): string | null {
  try {
    const html = renderToString(element);
    // The string renderer leaves out the doctype the streaming renderer writes before <html>.
    return UNFINISHED_BOUNDARY.test(html) ? null : `<!DOCTYPE html>${html}`;
  } catch {
    return null;
  }
}

/**
 * Renders the whole document before answering (no streaming): pages are complete HTML
 * for visitors, crawlers and the page cache alike. The Content-Security-Policy of the
 * page allows exactly the inline scripts React Router wrote into it, by their SHA-256
 * hashes, so the page and its header can be cached together (server/page-cache.ts). They
 * are told apart from any other script by a random mark given for this render only (as
 * React Router's nonce), which is removed from the HTML afterwards. Public pages get a
 * lighter scroll restoration script before that, then their critical CSS inline
 * (app/lib/first-paint.server.ts), allowed by its hash.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const isHead = request.method.toUpperCase() === "HEAD";
  // Taken now, inside the request's record (the root middleware's): the stream's callbacks
  // may run outside it. Every loader has run by the time the page is rendered.
  const read = topicsRead();
  // Every loader has run: the root loader's `topics` (the page's record) can be sent.
  // Before the page data is read to its end, which waits for that promise.
  finishReading();
  await readPageData(routerContext);
  const mark = newScriptMark();
  // The parts kept from earlier renders (the public header and footer, docs/decisions/361);
  // not in development, where their code changes under the running server.
  const parts = config().NODE_ENV === "development" || config().STORED_MARKUP === "off" ? null : markupStore();
  const element = (
    <MarkupStoreContext value={parts}>
      <ServerRouter context={withMatchedRoutesOnly(routerContext)} url={request.url} nonce={mark} />
    </MarkupStoreContext>
  );
  let rendered = renderAtOnce(element);
  if (rendered !== null) parts?.finish(rendered);
  else {
    const streamed = await renderStreaming(element, request.url);
    rendered = streamed.html;
    if (streamed.failed) responseStatusCode = 500;
  }

  rendered = withIconSymbols(rendered);
  // Staff screens link the whole stylesheet (app/root.tsx), as does the development server.
  const linked = isStaffPath(new URL(request.url).pathname) || config().NODE_ENV === "development";
  const page = linked ? { chunks: [rendered], styleHashes: [], scriptHashes: [] } : forFirstPaint(withLighterScrollRestoration(rendered), undefined, mark);
  // The app's scripts by their hashes, the mark taken out; a public page's classic scripts
  // (scroll restoration, router context, data, the script starter) joined into one, in
  // its last piece (the body): one hash in the header instead of six.
  const lastText = page.chunks.findLastIndex((chunk) => typeof chunk === "string");
  const ownScripts: string[] = [];
  const chunks = page.chunks.map((chunk, i) => {
    if (typeof chunk !== "string") return chunk;
    const own = ownInlineScripts(chunk, mark, { join: !linked && i === lastText });
    ownScripts.push(...own.scripts);
    return own.html;
  });
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // For the page cache (which removes it): the content topics this page shows.
  responseHeaders.set(TOPICS_HEADER, pageTopicsOf(routerContext, read).join(","));
  // And the query parameters it reads: the cache keys the page on those only.
  if (!linked) responseHeaders.set(QUERY_HEADER, pageQueryOf(routerContext).join(","));
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy({
      scriptHashes: [...scriptHashes(ownScripts), ...page.scriptHashes],
      styleHashes: page.styleHashes,
      dev: config().NODE_ENV === "development",
    }),
  );
  const { body, length } = isHead ? { body: null } : responseBody(chunks);
  if (length !== undefined) responseHeaders.set("Content-Length", String(length));
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/** The document through React's streaming renderer, whole (its errors logged, `failed` when one happened). */
export function renderStreaming(element: React.ReactElement, url: string): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const { pipe, abort } = renderToPipeableStream(element, {
      onAllReady() {
        const sink = new Writable({
          write(chunk: Buffer | string, _encoding, callback) {
            chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            resolve({ html: Buffer.concat(chunks).toString("utf8"), failed });
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
        failed = true;
        logger.error({ err: error, url }, "render error");
      },
    });
  });
}
