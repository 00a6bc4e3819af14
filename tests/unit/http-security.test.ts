import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseCrossSiteWrites } from "../../server/csrf.ts";
import { securityHeaders } from "../../server/security-headers.ts";

const OWN_POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='; frame-ancestors 'none'";
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", true);
  app.use(securityHeaders({ dev: false }));
  app.use(refuseCrossSiteWrites({ publicUrl: "https://www.millbrook.example" }));
  app.get("/own-policy", (_req, res) => {
    res.setHeader("Content-Security-Policy", OWN_POLICY);
    res.send("page");
  });
  // What a rendered page sets: its content topics (for the page cache) and a flash toast.
  app.get("/with-toast", (_req, res) => {
    res.setHeader("X-Content-Topics", "events,settings");
    res.append("Set-Cookie", "mcf_session=abc; Path=/; HttpOnly");
    res.append("Set-Cookie", "mcf_toast=signed; Max-Age=60; Path=/; HttpOnly; SameSite=Lax");
    res.send("page");
  });
  app.all("/{*splat}", (_req, res) => {
    res.send("changed");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** "SELF" in a header value stands for this server's origin (known once it listens). */
const post = (headers: Record<string, string>, method = "POST") =>
  fetch(`${base}/admin/logout`, {
    method,
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace("SELF", base)])),
    redirect: "manual",
  });

describe("cross-site requests that change data are refused", () => {
  it("accepts a same-origin form post (Origin of this site)", async () => {
    expect((await post({ Origin: base })).status).toBe(200);
  });

  it("accepts the configured public origin (behind a proxy)", async () => {
    expect((await post({ Origin: "https://www.millbrook.example" })).status).toBe(200);
  });

  it("accepts a same-origin Referer when the browser sends no Origin", async () => {
    expect((await post({ Referer: `${base}/admin/login` })).status).toBe(200);
  });

  it.each([
    [{ Origin: "https://evil.example" }],
    [{ Origin: "null" }],
    [{ Origin: "http://localhost:1" }],
    [{ Origin: "https://www.millbrook.example.evil.example" }],
    [{ Referer: "https://evil.example/page" }],
    [{ Origin: "https://evil.example", Referer: "SELF/admin/login" }],
    [{ Origin: "SELF", "Sec-Fetch-Site": "cross-site" }],
    [{}],
  ])("refuses POST with %j", async (headers) => {
    const response = await post(headers);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toBe("changed");
  });

  it.each(["PUT", "PATCH", "DELETE"])("refuses cross-site %s", async (method) => {
    expect((await post({ Origin: "https://evil.example" }, method)).status).toBe(403);
  });

  it("lets reads through from anywhere", async () => {
    const response = await fetch(`${base}/admin/login`, { headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(200);
  });
});

describe("security headers", () => {
  it("sends an enforced baseline CSP (scripts from this origin only), framing refused, nosniff, strict referrer", async () => {
    const response = await fetch(`${base}/`);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const script = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src")) ?? "";
    expect(script).toBe("script-src 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(response.headers.get("Content-Security-Policy-Report-Only")).toBeNull();
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("keeps the policy a response brings (a page's script hashes) instead of adding the baseline", async () => {
    const response = await fetch(`${base}/own-policy`);
    expect(response.headers.get("Content-Security-Policy")).toBe(OWN_POLICY);
  });

  it("adds HSTS when the request came over HTTPS", async () => {
    const response = await fetch(`${base}/`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("allows the camera on the door check-in screen only (it reads tickets' QR codes), over HTTP and HTTPS", async () => {
    for (const proto of ["http", "https"]) {
      const door = await fetch(`${base}/admin/events/12/check-in`, { headers: { "X-Forwarded-Proto": proto } });
      expect(door.headers.get("Permissions-Policy")).toBe("camera=(self), microphone=(), geolocation=(), payment=()");
      expect(door.headers.has("Strict-Transport-Security")).toBe(proto === "https");
      for (const path of ["/", "/admin/events/12", "/admin/events/12/check-in/extra"]) {
        const other = await fetch(`${base}${path}`, { headers: { "X-Forwarded-Proto": proto } });
        expect(other.headers.get("Permissions-Policy"), path).toBe("camera=(), microphone=(), geolocation=(), payment=()");
      }
    }
  });
});

describe("internal headers and the toast cookie", () => {
  it("never sends the page's content topics to the browser", async () => {
    const response = await fetch(`${base}/with-toast`);
    expect(response.headers.get("x-content-topics")).toBeNull();
  });

  it("marks the toast cookie Secure over HTTPS, and only the toast cookie", async () => {
    const response = await fetch(`${base}/with-toast`, { headers: { "X-Forwarded-Proto": "https" } });
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("mcf_toast="))).toMatch(/; Secure$/);
    expect(cookies.find((c) => c.startsWith("mcf_session="))).not.toMatch(/Secure/);
  });

  it("leaves it as it is over plain HTTP (local development)", async () => {
    const cookies = (await fetch(`${base}/with-toast`)).headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("mcf_toast="))).not.toMatch(/Secure/);
  });
});
