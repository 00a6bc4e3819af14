/**
 * What the production server refuses before any route runs: oversize bodies (streamed,
 * with no Content-Length), unknown methods, and client addresses a client writes itself.
 */
import net from "node:net";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { startOwnServer } from "./own-server.ts";

/** A chunked POST that keeps sending until the server answers (or `maxBytes` are sent). */
function streamedPost(origin: string, path: string, maxBytes: number): Promise<{ status: number; sent: number }> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    });
    req.on("response", (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0, sent });
    });
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, "a");
    const write = () => {
      while (!answered && sent < maxBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return req.once("drain", write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

for (const path of ["/admin/login", "/admin/logout", "/events/1"]) {
  test(`a streamed 200 MB POST to ${path} is answered 413 after about 1 MB`, async ({ baseURL }) => {
    const result = await streamedPost(baseURL!, path, 200 * 1024 * 1024);
    expect(result.status).toBe(413);
    expect(result.sent).toBeLessThan(32 * 1024 * 1024);
  });
}

test("TRACE is answered 405, not 500", async ({ baseURL }) => {
  const status = await new Promise<number>((resolve, reject) => {
    const url = new URL("/", baseURL);
    const req = http.request({ host: url.hostname, port: url.port, path: "/", method: "TRACE" }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
  expect(status).toBe(405);
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test("a NUL byte in a public or a staff form is answered 400 with a clear message, and the log holds no submitted value", async ({ request }) => {
  test.setTimeout(120_000);
  const server = await startOwnServer({ LOG_LEVEL: "info" });
  try {
    const forms = [
      { path: "/admin/login", form: "email=nul-sender%00@example.org&password=Secret-nul-value" },
      { path: "/events/1", form: "intent=book&name=Nul%00Person-Private&email=nul-booker@example.org&quantity=1" },
      { path: "/support", form: "intent=volunteer&fullName=Vera%00Private&email=nul-volunteer@example.org" },
    ];
    for (const { path, form } of forms) {
      const response = await request.post(`${server.origin}${path}`, {
        headers: { Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded" },
        data: form,
        maxRedirects: 0,
        failOnStatusCode: false,
      });
      expect(response.status(), path).toBe(400);
      expect(await response.text(), path).toContain("The form contains a character that cannot be accepted");
    }
    for (const value of ["nul-sender", "Secret-nul-value", "Private", "nul-booker", "nul-volunteer"]) expect(server.output()).not.toContain(value);
  } finally {
    await server.stop();
  }
});

test("in production behind a proxy (TRUST_PROXY) without PUBLIC_URL, the server refuses to start and says why", async () => {
  test.setTimeout(120_000);
  const started = startOwnServer({ TRUST_PROXY: "1" });
  await expect(started).rejects.toThrow(/server exited \(1\)[\s\S]*The server cannot start: PUBLIC_URL is not set\. Behind a proxy \(TRUST_PROXY is set\) in production/);
});

test("behind a proxy, links in the feed, sitemap and robots.txt come from PUBLIC_URL, whatever Host or X-Forwarded-Host says", async ({ request }) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const server = await startOwnServer({ TRUST_PROXY: "1", PORT: String(port), PUBLIC_URL: `http://localhost:${port}` });
  try {
    for (const path of ["/robots.txt", "/sitemap.xml", "/news/feed.xml", "/events/1/calendar.ics"]) {
      const response = await request.get(`http://127.0.0.1:${port}${path}`, { headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" } });
      expect(response.status(), path).toBe(200);
      const body = await response.text();
      expect(body, path).not.toContain("evil.example");
      expect(body, path).toContain(`http://localhost:${port}/`);
    }
  } finally {
    await server.stop();
  }
});

test("with TRUST_PROXY=1, a forged left-most X-Forwarded-For does not choose the client address", async ({ request }) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const server = await startOwnServer({ TRUST_PROXY: "1", PORT: String(port), PUBLIC_URL: `http://localhost:${port}` });
  try {
    const attempt = (i: number, proxySaw: string) =>
      request.post(`${server.origin}/admin/login`, {
        headers: { Origin: server.origin, "X-Forwarded-For": `198.18.${i}.${i}, ${proxySaw}` },
        form: { email: `spray-${i}@example.org`, password: "Winter2025!!!!" },
        maxRedirects: 0,
        failOnStatusCode: false,
      });
    // Six failures for six accounts, each with another forged address: all from the
    // address the proxy saw, which is then blocked after its five free failures.
    for (let i = 1; i <= 6; i++) expect((await attempt(i, "203.0.113.7")).status()).toBe(401);
    expect((await attempt(7, "203.0.113.7")).status()).toBe(429);
    // Another client behind the same proxy is not affected.
    expect((await attempt(8, "203.0.113.8")).status()).toBe(401);
  } finally {
    await server.stop();
  }
});
