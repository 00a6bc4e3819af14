/**
 * /live (server-sent events) as a client flooding it would use it: connections counted per
 * address and in all, the 11th from one address refused with 429, places given back when
 * connections close, and an idle connection closed by the server.
 */
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { reloadConfig } from "../../app/lib/config.server.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { liveConnectionCount } from "../../app/live/live-connections.server.ts";
import { publishChange } from "../../app/live/change-feed.server.ts";
import { loader as live } from "../../app/routes/resources/live.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const savedEnv = { ...process.env };
afterEach(() => {
  process.env = { ...savedEnv };
  reloadConfig();
});

interface Opened {
  response: Response;
  close: () => void;
}

function open(ip: string, topics = "events"): Opened {
  const controller = new AbortController();
  const request = new Request(`http://localhost/live?topics=${topics}`, { signal: controller.signal });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip, secure: false });
  const response = live({ request, context, params: {} } as never) as Response;
  return { response, close: () => controller.abort() };
}

async function readUntil(response: Response, text: string): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  while (!seen.includes(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += decoder.decode(value);
  }
  reader.releaseLock();
  return seen;
}

/** What the stream sends within `ms` (the connection's greeting and anything sent at once). */
async function readFor(response: Response, ms: number): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  const until = Date.now() + ms;
  for (;;) {
    const left = until - Date.now();
    if (left <= 0) break;
    const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
    if (!chunk || chunk.done) break;
    seen += decoder.decode(chunk.value);
  }
  reader.releaseLock();
  return seen;
}

describe("/live connection limits", () => {
  it("accepts 10 connections from one address, refuses the rest with 429, and gives places back as they close", async () => {
    const ip = "203.0.113.40";
    const opened = Array.from({ length: 30 }, () => open(ip));
    const statuses = opened.map((o) => o.response.status);
    const accepted = statuses.filter((s) => s === 200).length;
    console.info(`/live connections accepted from one address out of 30: ${accepted}`);
    expect(accepted).toBe(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(liveConnectionCount(ip)).toBe(10);
    // Another /64 or another address is not affected.
    const other = open("2001:db8:5::1");
    expect(other.response.status).toBe(200);

    // Closing three gives three places back; a refused one held none.
    for (const o of opened.filter((o) => o.response.status === 200).slice(0, 3)) o.close();
    for (const o of opened.filter((o) => o.response.status === 429)) o.close();
    expect(liveConnectionCount(ip)).toBe(7);
    const again = Array.from({ length: 5 }, () => open(ip));
    expect(again.map((o) => o.response.status)).toEqual([200, 200, 200, 429, 429]);

    for (const o of [...opened, ...again, other]) o.close();
    expect(liveConnectionCount(ip)).toBe(0);
    expect(liveConnectionCount()).toBe(0);
  });

  it("caps connections in all (LIVE_MAX_CONNECTIONS), whatever the addresses", () => {
    process.env.LIVE_MAX_CONNECTIONS = "5";
    reloadConfig();
    const opened = Array.from({ length: 8 }, (_, i) => open(`198.51.100.${i + 1}`));
    expect(opened.map((o) => o.response.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    for (const o of opened) o.close();
    expect(liveConnectionCount()).toBe(0);
  });

  it("a connection still carries changes, and one idle for LIVE_IDLE_TIMEOUT_MS is closed and its place given back", async () => {
    process.env.LIVE_IDLE_TIMEOUT_MS = "1000";
    reloadConfig();
    const ip = "192.0.2.41";
    const { response } = open(ip);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    await readUntil(response, ": connected");
    publishChange("events");
    expect(await readUntil(response, "data: events")).toContain("event: change");
    const started = Date.now();
    // The stream ends by itself (read returns done) once it has been idle for a second.
    const reader = response.body!.getReader();
    for (;;) if ((await reader.read()).done) break;
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(liveConnectionCount(ip)).toBe(0);
  });

  it("a page opened just after a change is told of it at once (it may have been served the previous version), and only of the topics it shows, within PAGE_CACHE_MAX_STALE_SECONDS", async () => {
    process.env.PAGE_CACHE_MAX_STALE_SECONDS = "1";
    reloadConfig();
    publishChange("craft-fairs");
    const fairs = open("192.0.2.51", "craft-fairs,settings");
    expect(await readFor(fairs.response, 200)).toBe("retry: 5000\n: connected\n\nevent: change\ndata: craft-fairs\n\n");
    fairs.close();
    // Another topic's page hears nothing of it.
    const trustees = open("192.0.2.52", "trustees");
    expect(await readFor(trustees.response, 200)).toBe("retry: 5000\n: connected\n\n");
    trustees.close();
    // Past the bound, a new connection is told nothing.
    await new Promise((r) => setTimeout(r, 1_100));
    const later = open("192.0.2.53", "craft-fairs");
    expect(await readFor(later.response, 200)).toBe("retry: 5000\n: connected\n\n");
    later.close();
  });
});
