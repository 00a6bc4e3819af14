/**
 * The access matrix over HTTP against the production server: every admin page, data
 * request and action × (anonymous, account without staff access, editor, administrator).
 */
import type { APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

type Who = "anonymous" | "no-role" | "editor" | "administrator";
const WHO: Who[] = ["anonymous", "no-role", "editor", "administrator"];

interface Target {
  method: "GET" | "POST";
  path: string;
  administratorOnly?: boolean;
}

const PAGES = [
  "/admin",
  "/admin/dashboard",
  "/admin/events",
  "/admin/events/new",
  "/admin/events/edit/1",
  "/admin/craft-fairs",
  "/admin/craft-fairs/new",
  "/admin/craft-fairs/edit/1",
  "/admin/users",
  "/admin/settings",
  "/admin/settings/data",
  "/admin/audit-log",
  "/admin/data-protection",
  "/admin/data-protection/export",
  "/admin/keep-alive",
  "/admin/inbox",
  "/admin/inbox/export.csv",
  "/admin/inbox/00000000-0000-4000-8000-000000000000",
  "/admin/donations",
  "/admin/donations/export.csv",
  "/admin/donations/donor?email=donor%40example.org",
  "/admin/donations/gift-aid?from=2027-01-01&to=2027-01-31",
  "/admin/donations/gift-aid/schedule.xlsx?claim=999999",
  "/admin/no-such-page",
  "/admin/USERS",
];
const isAdministratorOnly = (path: string) => /^\/admin\/(users|settings|audit-log|data-protection|donations)(\/|\.|\?|$)/i.test(path);

const TARGETS: Target[] = [
  ...PAGES.map((path) => ({ method: "GET" as const, path })),
  // React Router data requests (client navigations and fetchers).
  ...["/admin/dashboard.data", "/admin/events.data", "/admin/users.data", "/admin/settings.data", "/admin/donations.data"].map((path) => ({
    method: "GET" as const,
    path,
  })),
  // Actions, as form posts and as fetcher (data) posts.
  ...[
    "/admin/users",
    "/admin/settings",
    "/admin/settings/data",
    "/admin/settings/giving",
    "/admin/donations/donor",
    "/admin/donations/gift-aid",
    "/admin/data-protection",
    "/admin/keep-alive",
    "/admin/events",
    "/admin/events/new",
    "/admin/craft-fairs",
    "/admin/craft-fairs/new",
    "/admin/inbox/00000000-0000-4000-8000-000000000000",
    "/admin/users.data",
    "/admin/settings.data",
    "/admin/events.data",
  ].map((path) => ({ method: "POST" as const, path })),
].map((t) => ({ ...t, administratorOnly: isAdministratorOnly(t.path) }));

async function call(request: import("@playwright/test").APIRequestContext, target: Target, cookie: string | null, baseURL: string) {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (target.method === "POST") {
    headers.Origin = baseURL;
    return request.post(target.path, { headers, form: { intent: "matrix-probe" }, maxRedirects: 0, failOnStatusCode: false });
  }
  return request.get(target.path, { headers, maxRedirects: 0, failOnStatusCode: false });
}

/** Where the response sends the browser: a Location header, or a single-fetch redirect in the body. */
async function redirectOf(response: APIResponse, isData: boolean) {
  if (response.status() >= 300 && response.status() < 400) return response.headers()["location"] ?? "";
  if (isData && response.status() === 202) {
    const body = await response.text();
    const match = body.match(/"(\/admin\/login[^"]*)"/);
    return match ? match[1] : "";
  }
  return null;
}

for (const who of WHO) {
  test.describe(`as ${who}`, () => {
    for (const target of TARGETS) {
      test(`${target.method} ${target.path}`, async ({ request, sessionCookie, baseURL }) => {
        const cookie = who === "anonymous" ? null : await sessionCookie(who === "no-role" ? null : who);
        const response = await call(request, target, cookie, baseURL!);
        const isData = target.path.endsWith(".data");
        const status = response.status();
        const redirect = await redirectOf(response, isData);
        const body = await response.text();

        if (who === "anonymous") {
          expect(redirect, `${status} ${body.slice(0, 200)}`).toMatch(/^\/admin\/login(\?redirectTo=%2Fadmin|$)/);
          return;
        }
        expect(redirect ?? "", "a signed-in account is not sent to the login page").not.toMatch(/^\/admin\/login/);
        if (who === "no-role") {
          expect(status).toBe(403);
          expect(body).not.toContain("Millbrook Admin");
          return;
        }
        if (who === "editor" && target.administratorOnly) {
          expect(status).toBe(403);
          return;
        }
        // Staff with the right role: any answer but a refusal or a crash.
        expect(status, body.slice(0, 300)).not.toBe(403);
        expect(status, body.slice(0, 300)).not.toBe(401);
        expect(status, body.slice(0, 300)).toBeLessThan(500);
      });
    }
  });
}

test.describe("pages outside the guard", () => {
  test("the login page and one-time link pages are reachable without a session", async ({ request }) => {
    expect((await request.get("/admin/login")).status()).toBe(200);
    expect((await request.get("/admin/set-password/not-a-real-token", { failOnStatusCode: false })).status()).toBe(410);
    expect((await request.get("/admin/setup/not-a-real-token", { failOnStatusCode: false })).status()).toBe(410);
  });

  test("GET /admin/logout does not sign anyone out", async ({ request, sessionCookie }) => {
    const cookie = await sessionCookie("editor");
    await request.get("/admin/logout", { headers: { Cookie: cookie }, maxRedirects: 0 });
    const after = await request.get("/admin/dashboard", { headers: { Cookie: cookie }, maxRedirects: 0 });
    expect(after.status()).toBe(200);
  });

  test("admin responses are not cached", async ({ request, sessionCookie }) => {
    const cookie = await sessionCookie("editor");
    const response = await request.get("/admin/dashboard", { headers: { Cookie: cookie }, maxRedirects: 0 });
    expect(response.headers()["cache-control"]).toBe("no-store");
  });
});
