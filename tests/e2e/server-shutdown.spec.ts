/**
 * A clean shutdown under load: the built server gets SIGTERM while keep-alive clients
 * hammer it, a request is half sent and a live-update stream is open. No request may
 * fail on an open connection (a reset), the half-sent one is answered, the stream ends
 * rather than breaks, and the process exits 0 with its embedded database stopped.
 */
import http from "node:http";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { startOwnServer } from "./own-server.ts";

test.describe.configure({ timeout: 120_000 });

/** A request's outcome: its status, or the error code of a failure. */
type Outcome = { status: number; connection: string | undefined } | { error: string };

function get(agent: http.Agent, url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      res.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

test("SIGTERM under keep-alive load: in-flight requests finish, none is reset, streams end, exit 0", async () => {
  const server = await startOwnServer();
  const url = new URL(server.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  let stopping = false;

  // Six clients asking for pages on kept-alive connections until the server has gone.
  const outcomes: Outcome[] = [];
  const clients = Array.from({ length: 6 }, async (_, i) => {
    const paths = ["/", "/events/1", "/news", "/healthz", "/about", "/events"];
    for (;;) {
      const outcome = await get(agent, `${server.origin}${paths[i]}`);
      if ("error" in outcome && outcome.error === "ECONNREFUSED" && stopping) return; // no longer listening: a balancer sends elsewhere
      outcomes.push(outcome);
      if ("error" in outcome) return;
    }
  });

  // A live-update stream: it must end (a clean end of the body), not break.
  const stream = new Promise<Outcome>((resolve) => {
    http.get(`${server.origin}/live?topics=news`, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      res.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    }).on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });

  // Wait until the clients are really under way (a busy machine starts the first renders slowly).
  await expect.poll(() => outcomes.length, { timeout: 30_000 }).toBeGreaterThan(10);

  // A sign-in whose body is still arriving when the signal comes.
  const body = "email=nobody%40millbrook.test&password=not-the-right-one";
  const slow = new Promise<Outcome>((resolve) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: "/admin/login", method: "POST", agent: new http.Agent({ keepAlive: true }), headers: { Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.write(body.slice(0, 10));
    setTimeout(() => req.end(body.slice(10)), 1_500);
  });

  await new Promise((r) => setTimeout(r, 500));
  stopping = true;
  const exit = server.stop();
  const [exitCode, slowOutcome, streamOutcome] = await Promise.all([exit, slow, stream, Promise.all(clients)]);
  agent.destroy();

  const failures = outcomes.filter((o) => "error" in o);
  expect(failures, server.output()).toEqual([]);
  expect(outcomes.every((o) => "status" in o && (o.status === 200 || o.status === 503))).toBe(true);
  // The half-sent request was answered, and told the client not to reuse the connection.
  expect(slowOutcome).toMatchObject({ connection: "close" });
  expect("status" in slowOutcome && slowOutcome.status < 500).toBe(true);
  expect(streamOutcome).toMatchObject({ status: 200 });
  expect(exitCode, server.output()).toBe(0);
  expect(server.output()).not.toMatch(/database close failed|job queue stop failed|shutdown took too long/);
});

test("SIGTERM: a request on a connection opened before the signal but read after it is answered, not reset", async () => {
  const server = await startOwnServer();
  const url = new URL(server.origin);
  // The client has connected (as a balancer's connection waits in a busy server's queue);
  // its request comes well after the signal, past the moment idle connections are closed.
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let answer = "";
  const ended = new Promise<string>((resolve) => {
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("end", () => resolve(answer));
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(`error ${error.code ?? error.message}`));
  });
  const exit = server.stop();
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  socket.write(`GET /healthz HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
  const response = await ended;
  expect(response, server.output()).toMatch(/^HTTP\/1\.1 503 /);
  expect(response.toLowerCase()).toContain("connection: close");
  expect(await exit, server.output()).toBe(0);
});
