import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { BODY_LIMITS } from "../../app/lib/body-limits.ts";
import { bodyLimitsFromRoutes, limitRequestBodies, refuseUnknownMethods, trustProxySetting } from "../../server/request-limits.ts";

const DEFAULT_BODY_LIMIT = BODY_LIMITS.default;
const IMAGE_FORM_BODY_LIMIT = BODY_LIMITS.imageForm;
const PUBLIC_FORM_BODY_LIMIT = BODY_LIMITS.publicForm;

/** A route table shaped like the server build's: layouts, params and handles that declare limits. */
const route = (id: string, parentId: string | undefined, path: string | undefined, bodyLimit?: number) => ({
  id,
  parentId,
  path,
  module: { handle: bodyLimit ? { bodyLimit } : { topics: [] } },
});
const FAKE_ROUTES = Object.fromEntries(
  [
    route("root", undefined, ""),
    route("public", "root", undefined),
    route("support", "public", "support", PUBLIC_FORM_BODY_LIMIT),
    route("awards", "public", "awards", PUBLIC_FORM_BODY_LIMIT),
    route("events", "public", "events/:id"),
    route("admin", "root", "admin"),
    route("login", "admin", "login"),
    route("staff", "admin", undefined),
    route("event-new", "staff", "events/new", IMAGE_FORM_BODY_LIMIT),
    route("fair-edit", "staff", "craft-fairs/edit/:id", IMAGE_FORM_BODY_LIMIT),
    route("admin-only", "staff", undefined),
    route("images", "admin-only", "settings/images", IMAGE_FORM_BODY_LIMIT),
  ].map((r) => [r.id, r]),
) as unknown as ServerBuild["routes"];
const bodyLimitFor = bodyLimitsFromRoutes(FAKE_ROUTES);

let server: Server;
let port = 0;
/** Bytes each route handler managed to read, by path. */
const readBytes = new Map<string, number>();

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", trustProxySetting("1"));
  app.use(refuseUnknownMethods);
  app.use(limitRequestBodies(async () => (p) => (p === "/support" ? 4 * 1024 * 1024 : bodyLimitFor(p))));
  app.get("/ip", (req, res) => {
    res.send(req.ip);
  });
  // Reads the body as React Router's Express adapter does (a web stream over the request).
  app.post("/{*splat}", async (req, res) => {
    const body = createReadableStreamFromReadable(req);
    let total = 0;
    try {
      const reader = body.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) total += chunk.value.byteLength;
      readBytes.set(req.path, total);
      if (!res.headersSent) res.send(`read ${total}`);
    } catch {
      readBytes.set(req.path, total);
    }
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * A chunked POST that keeps sending 64 KB chunks until the server answers or `maxBytes`
 * are sent; resolves with the status and the bytes sent.
 */
function streamedPost(path: string, maxBytes: number): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({ host: "127.0.0.1", port, path, method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
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

function rawRequest(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("request body limits", () => {
  it.each(["/admin/login", "/admin/logout", "/events/1", "/events/1.data"])("answers a streamed 200 MB POST to %s with 413 after at most 1 MB", async (path) => {
    const result = await streamedPost(path, 200 * 1024 * 1024);
    expect(result.status).toBe(413);
    expect(result.sent).toBeLessThan(20 * 1024 * 1024);
    expect(readBytes.get(path) ?? 0).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT + 64 * 1024);
  });

  it("answers a declared oversize body with 413 before reading it", async () => {
    readBytes.delete("/admin/login");
    const response = await fetch(`http://127.0.0.1:${port}/admin/login`, {
      method: "POST",
      body: "a=" + "x".repeat(DEFAULT_BODY_LIMIT + 10),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(413);
    // The route never ran.
    expect(readBytes.has("/admin/login")).toBe(false);
  });

  it("answers a declared 3 MB body (an image sent to a form without uploads) with a 413 the client receives while still sending", async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, "a");
    const post = () =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, path: "/events/1", method: "POST", headers: { "Content-Length": body.length } });
        req.on("response", (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        // A reset while sending (EPIPE, ECONNRESET) loses the answer.
        req.on("error", reject);
        req.end(body);
      });
    for (let i = 0; i < 20; i++) expect(await post()).toBe(413);
  });

  it("lets bodies under the limit through, and gives upload routes their larger limit", async () => {
    const small = await fetch(`http://127.0.0.1:${port}/admin/login`, { method: "POST", body: "email=a%40b.example&password=x" });
    expect(small.status).toBe(200);
    const upload = await streamedPost("/support", 2 * 1024 * 1024);
    expect(upload.status).toBe(200);
    expect(readBytes.get("/support")).toBe(upload.sent);
  });

  it("knows which routes take uploads from what the routes declare", () => {
    expect(bodyLimitFor("/admin/events/new")).toBe(IMAGE_FORM_BODY_LIMIT);
    expect(bodyLimitFor("/admin/craft-fairs/edit/3.data")).toBe(IMAGE_FORM_BODY_LIMIT);
    expect(bodyLimitFor("/admin/settings/images")).toBe(IMAGE_FORM_BODY_LIMIT);
    expect(bodyLimitFor("/Support/")).toBe(PUBLIC_FORM_BODY_LIMIT);
    expect(bodyLimitFor("/awards.data")).toBe(PUBLIC_FORM_BODY_LIMIT);
    for (const path of ["/admin/login", "/admin/logout", "/events/1", "/admin/users", "/admin/events/new/x"]) {
      expect(bodyLimitFor(path), path).toBe(DEFAULT_BODY_LIMIT);
    }
  });
});

describe("methods", () => {
  it("answers TRACE with 405, not 500", async () => {
    const response = await rawRequest("TRACE", "/");
    expect(response.status).toBe(405);
  });
});

describe("TRUST_PROXY", () => {
  it("takes the address the trusted proxy saw, not the left-most one a client forged", async () => {
    const response = await rawRequest("GET", "/ip", { "X-Forwarded-For": "6.6.6.6, 203.0.113.7" });
    expect(response.body).toBe("203.0.113.7");
  });

  it("reads a hop count, an address list, and defaults to one hop", () => {
    expect(trustProxySetting(undefined)).toBeUndefined();
    expect(trustProxySetting("")).toBeUndefined();
    expect(trustProxySetting("0")).toBeUndefined();
    expect(trustProxySetting("1")).toBe(1);
    expect(trustProxySetting("2")).toBe(2);
    expect(trustProxySetting("true")).toBe(1);
    expect(trustProxySetting("10.0.0.0/8, 192.168.1.2")).toEqual(["10.0.0.0/8", "192.168.1.2"]);
    expect(trustProxySetting("loopback")).toEqual(["loopback"]);
  });
});
