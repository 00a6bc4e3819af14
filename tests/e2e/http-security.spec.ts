/** Cross-site refusal, cookie flags and headers, checked on the running production server. */
import { createHash } from "node:crypto";
import { expect, test } from "./fixtures.ts";

test("a cross-site POST is refused with 403 and changes nothing", async ({ request, sessionCookie }) => {
  const cookie = await sessionCookie("administrator");
  const refused = await request.post("/admin/logout", {
    headers: { Cookie: cookie, Origin: "https://evil.example" },
    form: {},
    maxRedirects: 0,
    failOnStatusCode: false,
  });
  expect(refused.status()).toBe(403);
  // Still signed in: the sign-out did not happen.
  const after = await request.get("/admin/dashboard", { headers: { Cookie: cookie }, maxRedirects: 0 });
  expect(after.status()).toBe(200);
});

test("a cross-site sign-in attempt is refused too (login CSRF)", async ({ request, createAccount }) => {
  const account = await createAccount("editor");
  const response = await request.post("/admin/login", {
    headers: { Origin: "https://evil.example" },
    form: { email: account.email, password: account.password },
    maxRedirects: 0,
    failOnStatusCode: false,
  });
  expect(response.status()).toBe(403);
  expect(response.headers()["set-cookie"]).toBeUndefined();
});

test("the session cookie is HttpOnly, SameSite=Lax, path /, not readable by scripts", async ({ request, createAccount, baseURL }) => {
  const account = await createAccount("editor");
  const response = await request.post("/admin/login", {
    headers: { Origin: baseURL! },
    form: { email: account.email, password: account.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/admin/dashboard");
  const cookies = response.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value);
  const session = cookies.find((c) => c.startsWith("mcf_session="));
  expect(session).toMatch(/^mcf_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/);
});

test("every response carries the security headers", async ({ request }) => {
  for (const path of ["/", "/admin/login", "/events/1", "/no-such-page"]) {
    const response = await request.get(path, { failOnStatusCode: false });
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp, path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*(;|$)/);
    expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"], path).toBe("DENY");
  }
});

test("the policy of each page allows exactly the inline scripts the app wrote, by SHA-256 hash", async ({ request }) => {
  for (const path of ["/", "/events/1", "/admin/login", "/no-such-page"]) {
    const response = await request.get(path, { failOnStatusCode: false });
    const csp = response.headers()["content-security-policy"] ?? "";
    const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    const allowed = new Set([...scriptSrc.matchAll(/'(sha256-[^']+)'/g)].map((m) => m[1]));
    const html = await response.text();
    // Inline scripts that run (JSON-LD data blocks never do, nor empty ones: neither needs a hash).
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => !/\ssrc=/.test(` ${m[1]}`) && !/type="application\/ld\+json"/.test(m[1]) && m[2] !== "",
    );
    expect(inline.length, path).toBeGreaterThan(0);
    const hashes = new Set(inline.map((m) => `sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}`));
    expect([...allowed].sort(), path).toEqual([...hashes].sort());
    // A public page's classic scripts run as one (docs/decisions/349): that one and the module imports.
    if (!path.startsWith("/admin")) expect(allowed.size, path).toBe(2);
    expect(csp, path).not.toContain("nonce-");
    // The render's script mark is not left in the page.
    expect(html, path).not.toContain("nonce=");
  }
});

test("a public page's inline CSS is the one <style> its policy allows, by hash; staff screens have none", async ({ request }) => {
  for (const path of ["/", "/events/1", "/no-such-page"]) {
    const response = await request.get(path, { failOnStatusCode: false });
    const csp = response.headers()["content-security-policy"] ?? "";
    const html = await response.text();
    const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles, path).toHaveLength(1);
    expect(styles[0].length, path).toBeGreaterThan(10_000);
    expect(html.indexOf("<style>"), path).toBeLessThan(html.indexOf("</head>"));
    const hash = `sha256-${createHash("sha256").update(styles[0], "utf8").digest("base64")}`;
    expect(/(?:^|;\s*)style-src-elem ([^;]*)/.exec(csp)?.[1], path).toBe(`'self' '${hash}'`);
  }
  const staff = await request.get("/admin/login");
  expect(await staff.text()).not.toContain("<style");
  expect(staff.headers()["content-security-policy"]).not.toContain("style-src-elem");
});

test("pages hydrate under the policy: no script or style is refused", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/", "/events", "/admin/login"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});

test("repeated failures are answered 'Server is busy' (429, Retry-After) until the wait has passed", async ({
  request,
  createAccount,
  baseURL,
}) => {
  const account = await createAccount("editor");
  const attempt = (password: string) =>
    request.post("/admin/login", {
      headers: { Origin: baseURL! },
      form: { email: account.email, password },
      maxRedirects: 0,
      failOnStatusCode: false,
    });
  expect((await attempt("wrong password one")).status()).toBe(401);
  const busy = await attempt(account.password);
  expect(busy.status()).toBe(429);
  expect(busy.headers()["retry-after"]).toBe("1");
  expect(await busy.text()).toContain("Server is busy. Please wait a moment and try again.");
  await new Promise((r) => setTimeout(r, 1100));
  expect((await attempt(account.password)).status()).toBe(302);
});

test("the upload routes take what they declare, every other route at most 1 MB", async ({ request, sessionCookie, baseURL }) => {
  const cookie = await sessionCookie("editor");
  const bigImage = Buffer.alloc(3 * 1024 * 1024, 1);
  const post = (path: string) =>
    request.post(path, {
      headers: { Cookie: cookie, Origin: baseURL! },
      multipart: { name: "A long enough name", image: { name: "big.png", mimeType: "image/png", buffer: bigImage } },
      maxRedirects: 0,
      failOnStatusCode: false,
    });
  // Declared in their handles: read, then refused for what they are (not an image), not for their size.
  for (const path of ["/admin/trustees/new", "/admin/events/new"]) {
    const response = await post(path);
    expect(response.status(), path).not.toBe(413);
    expect(response.status(), path).toBeLessThan(500);
  }
  for (const path of ["/admin/login", "/admin/trustees", "/events/1"]) {
    expect((await post(path)).status(), path).toBe(413);
  }
});
