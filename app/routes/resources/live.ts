import { subscribe } from "../../live/change-feed.server.ts";
import { CONTENT_TOPICS, isContentTopic } from "../../live/topics.ts";
import { onShutdown } from "../../system/lifecycle.server.ts";
import type { Route } from "./+types/live";

/**
 * GET /live?topics=events,craft-fairs: server-sent events naming the topic of each change
 * ("event: change", "data: events"). Open pages revalidate their data when a topic they
 * show arrives (app/components/site/live-updates.tsx). Public: it says only *that*
 * something changed, never what. `no-transform` keeps the compression middleware out.
 * When the server shuts down the stream ends, and the browser reconnects (after the
 * `retry` below) to an instance that is still up.
 */
const HEARTBEAT_MS = 25_000;

export function loader({ request }: Route.LoaderArgs) {
  const wanted = new Set(
    (new URL(request.url).searchParams.get("topics") ?? CONTENT_TOPICS.join(",")).split(",").filter(isContentTopic),
  );
  const encoder = new TextEncoder();
  let cleanup = () => {};
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
      const unsubscribe = subscribe((topic) => {
        if (wanted.has(topic)) send(`event: change\ndata: ${topic}\n\n`);
      });
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      let stopListening = () => {};
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        stopListening();
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      request.signal.addEventListener("abort", () => cleanup(), { once: true });
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
