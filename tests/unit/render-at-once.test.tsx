import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { readPageData, renderAtOnce, renderStreaming } from "../../app/entry.server.tsx";

function Page({ children }: { children?: React.ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <title>Millbrook</title>
      </head>
      <body>
        <h1 className="font-display">What&apos;s on</h1>
        <p>
          {"<b>"} and {3} events
        </p>
        <Suspense fallback={<p>Loading</p>}>{children}</Suspense>
      </body>
    </html>
  );
}

/** A component that waits for data the render does not have yet (as a lazy module would). */
const pending = new Promise<void>((resolve) => setTimeout(resolve, 10));
let ready = false;
void pending.then(() => (ready = true));
function Waiting() {
  if (!ready) throw pending;
  return <p>Ready</p>;
}

function Broken(): React.ReactNode {
  throw new Error("broken on purpose");
}

describe("rendering a page in one pass", () => {
  it("writes the same document as the streaming renderer, doctype included", async () => {
    const once = renderAtOnce(<Page />);
    const streamed = await renderStreaming(<Page />, "http://localhost/");
    expect(streamed.failed).toBe(false);
    expect(once).toBe(streamed.html);
    expect(once).toMatch(/^<!DOCTYPE html><html lang="en-GB">/);
    expect(once).toContain("&lt;b&gt;");
  });

  it("gives up when a boundary suspends, and the streaming renderer waits for it", async () => {
    ready = false;
    expect(renderAtOnce(<Page><Waiting /></Page>)).toBeNull();
    const streamed = await renderStreaming(<Page><Waiting /></Page>, "http://localhost/");
    expect(streamed.html).toContain("<p>Ready</p>");
    expect(streamed.html).not.toContain("Loading");
  });

  it("gives up when a boundary fails or the page throws, leaving the error to the streaming renderer", async () => {
    expect(renderAtOnce(<Page><Broken /></Page>)).toBeNull();
    expect(renderAtOnce(<Broken />)).toBeNull();
    expect((await renderStreaming(<Page><Broken /></Page>, "http://localhost/")).failed).toBe(true);
  });
});

describe("the page data read before rendering", () => {
  it("hands React Router's transfer every chunk as already read, in order, the last one done", async () => {
    const encoder = new TextEncoder();
    const context: Parameters<typeof readPageData>[0] = {
      serverHandoffStream: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('[{"_1":2},"loaderData"'));
          controller.enqueue(encoder.encode(',"café"]'));
          controller.close();
        },
      }),
      renderMeta: { didRenderScripts: true },
    };
    await readPageData(context);
    const cache = context.renderMeta!.streamCache!;
    expect(Object.keys(cache)).toEqual(["0", "1", "2"]);
    expect(cache[0]!.result).toEqual({ done: false, value: '[{"_1":2},"loaderData"' });
    expect(cache[1]!.result).toEqual({ done: false, value: ',"café"]' });
    expect(cache[2]!.result).toEqual({ done: true, value: "" });
    expect(context.renderMeta!.didRenderScripts).toBe(true);
    // The stream is free again: React Router takes its own reader and finds it finished.
    expect(await context.serverHandoffStream!.getReader().read()).toEqual({ done: true, value: undefined });
  });
});
