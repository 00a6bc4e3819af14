import { changedWithin, subscribe } from "../../live/change-feed.server.ts";
import { takeLiveSlot } from "../../live/live-connections.server.ts";
import { CONTENT_TOPICS, isContentTopic } from "../../live/content-topics.ts";
import { config } from "../../lib/config.server.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { onShutdown } from "../../system/lifecycle.server.ts";
import type { Route } from "./+types/live";

/**
 * GET /live?topics=events,craft-fairs: server-sent events naming the topic of each change
 * ("event: change", "data: events"). Open pages revalidate their data when a topic they
 * show arrives (app/components/site/live-updates.tsx). Public: it says only *that*
 * something changed, never what. `no-transform` keeps the compression middleware out.
 * When the server shuts down the stream ends, and the browser reconnects (after the
 * `retry` below) to an instance that is still up.
 *
 * Limits (app/live/live-connections.server.ts): 10 open connections from one address and
 * LIVE_MAX_CONNECTIONS in all; more are refused with 429 (a browser's EventSource does
 * not retry a refusal). A connection that has carried no change for LIVE_IDLE_TIMEOUT_MS
 * is closed, and the browser reconnects: a forgotten tab holds nothing for ever.
 *
 * A page the page cache served just after a change may be its previous version (for at
 * most PAGE_CACHE_MAX_STALE_SECONDS, while the new one renders: docs/decisions/243). So a
 * connection is told at once of the topics it wants that changed within that time, and
 * the page revalidates its data.
 */
const HEARTBEAT_MS = 25_000;

export function loader({ request, context }: Route.LoaderArgs) {
  const slot = takeLiveSlot(context.get(requestInfoContext).ip);
  if (!slot.ok) {
    return new Response(slot.reason === "address" ? "Too many open connections from your address.\n" : "Too many open connections.\n", {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "60" },
    });
  }
  const wanted = new Set(
    (new URL(request.url).searchParams.get("topics") ?? CONTENT_TOPICS.join(",")).split(",").filter(isContentTopic),
  );
  const idleMs = config().LIVE_IDLE_TIMEOUT_MS;
  const encoder = new TextEncoder();
  let cleanup = () => slot.release();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send("retry: 5000\n: connected\n\n");
      for (const topic of changedWithin(config().PAGE_CACHE_MAX_STALE_SECONDS * 1000)) {
        if (wanted.has(topic)) send(`event: change\ndata: ${topic}\n\n`);
      }
      let idle = setTimeout(() => cleanup(), idleMs);
      const unsubscribe = subscribe((topic) => {
        if (!wanted.has(topic)) return;
        send(`event: change\ndata: ${topic}\n\n`);
        clearTimeout(idle);
        idle = setTimeout(() => cleanup(), idleMs);
      });
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      let stopListening = () => {};
      const onAbort = () => cleanup();
      cleanup = () => {
        clearInterval(heartbeat);
        clearTimeout(idle);
        unsubscribe();
        stopListening();
        request.signal.removeEventListener("abort", onAbort);
        slot.release();
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      if (request.signal.aborted) return cleanup();
      request.signal.addEventListener("abort", onAbort, { once: true });
      stopListening = onShutdown(() => cleanup());
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
      Connection: "keep-alive",
    },
  });
}
