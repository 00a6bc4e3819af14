/**
 * The access matrix over HTTP against the production server: every admin route in the
 * route table × (anonymous, account without staff access, editor, editor granted one
 * permission, administrator), as a page, a data request and a form post. An editor with a
 * permission is tried on the routes that need a permission (theirs or another's); the
 * plain editor on every route.
 *
 * What each route needs is read from where it sits in app/routes.ts: under which admin
 * layout, and what that layout declares (`handle: AccessHandle = { access: "..." }`, which its
 * middleware uses). No second
 * list is kept here, so a screen moved in the route table is tested as it now stands.
 */
import fs from "node:fs";
import path from "node:path";
import type { APIResponse } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes.ts";
import { STAFF_PERMISSIONS, type Access, type StaffPermission } from "../../app/auth/access.ts";
import { createSignedInAccount } from "../helpers/staff.ts";
import { expect, test } from "./fixtures.ts";

type Who = "anonymous" | "no-role" | "editor" | `editor with ${StaffPermission}` | "administrator";
const WHO: Who[] = ["anonymous", "no-role", "editor", ...STAFF_PERMISSIONS.map((p) => `editor with ${p}` as const), "administrator"];
const permissionOf = (who: Who) => STAFF_PERMISSIONS.find((p) => who === `editor with ${p}`);
const isPermission = (access: Access): access is StaffPermission => (STAFF_PERMISSIONS as readonly string[]).includes(access);

interface AdminRoute {
  path: string;
  access: Access;
  /** A route module with a page (not a resource route). */
  page: boolean;
}

/** What a layout declares (its middleware asks for the same), read from its source. */
function layoutAccess(file: string): Access | null {
  const source = fs.readFileSync(path.join(import.meta.dirname, "../../app", file), "utf8");
  const match = source.match(/handle: AccessHandle = \{ access: "([a-z-]+)" \}/);
  return match ? (match[1] as Access) : null;
}

/** The admin routes behind a staff layout, with a concrete address and what they need. */
function adminRoutes(entries: RouteConfigEntry[], parentPath = "", access: Access | null = null): AdminRoute[] {
  return entries.flatMap((entry) => {
    const full = [parentPath, entry.path].filter(Boolean).join("/");
    const needs = entry.children ? (layoutAccess(entry.file) ?? access) : access;
    if (entry.children) return adminRoutes(entry.children, full, needs);
    if (!needs) return [];
    const concrete = "/" + full.replace(/:id\b/g, "1").replace(/:index\b/g, "0").replace(/:slug\b/g, "privacy").replace(/\*$/, "no-such-page");
    return [{ path: concrete, access: needs, page: entry.file.endsWith(".tsx") }];
  });
}

const ADMIN_ROUTES = adminRoutes(routes);
function mayUse(who: Who, access: Access) {
  if (who === "administrator") return true;
  if (access === "staff") return who !== "anonymous" && who !== "no-role";
  return access === permissionOf(who);
}

test("the route table puts every screen behind an admin layout, each kind of access used", () => {
  expect(ADMIN_ROUTES.length).toBeGreaterThan(20);
  for (const access of ["staff", "submissions", "donations", "data-protection", "administrator"] as const) {
    expect(ADMIN_ROUTES.some((r) => r.access === access), access).toBe(true);
  }
  expect(ADMIN_ROUTES.find((r) => r.path === "/admin/users")?.access).toBe("administrator");
  expect(ADMIN_ROUTES.find((r) => r.path === "/admin/inbox")?.access).toBe("submissions");
  // News: editors and administrators, never an account without a role.
  for (const path of ["/admin/news", "/admin/news/new", "/admin/news/edit/1", "/admin/news/preview/1", "/admin/news/images"]) {
    expect(ADMIN_ROUTES.find((r) => r.path === path)?.access, path).toBe("staff");
  }
  // Bookings hold names and emails: the same rule as form submissions.
  for (const path of ["/admin/events/1/bookings", "/admin/events/1/bookings/export.csv"]) {
    expect(ADMIN_ROUTES.find((r) => r.path === path)?.access, path).toBe("submissions");
  }
  // Volunteering: opportunities and shifts for any staff; names, the rota, hours and the CSV as personal data.
  for (const path of ["/admin/volunteering", "/admin/volunteering/1"]) expect(ADMIN_ROUTES.find((r) => r.path === path)?.access, path).toBe("staff");
  for (const path of ["/admin/volunteering/rota", "/admin/volunteering/volunteers", "/admin/volunteering/hours", "/admin/volunteering/hours.csv"]) {
    expect(ADMIN_ROUTES.find((r) => r.path === path)?.access, path).toBe("submissions");
  }
  // Money and data protection: their own permissions (a treasurer need not be an administrator).
  expect(ADMIN_ROUTES.find((r) => r.path === "/admin/donations/gift-aid")?.access).toBe("donations");
  expect(ADMIN_ROUTES.find((r) => r.path === "/admin/data-protection")?.access).toBe("data-protection");
});

async function call(
  request: import("@playwright/test").APIRequestContext,
  method: "GET" | "POST",
  target: string,
  cookie: string | null,
  baseURL: string,
) {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (method === "POST") {
    headers.Origin = baseURL;
    return request.post(target, { headers, form: { intent: "matrix-probe" }, maxRedirects: 0, failOnStatusCode: false });
  }
  return request.get(target, { headers, maxRedirects: 0, failOnStatusCode: false });
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

function cookieFor(who: Who, sessionCookie: (role: "editor" | "administrator" | null, options?: { permissions?: StaffPermission[] }) => Promise<string>) {
  if (who === "anonymous") return Promise.resolve(null);
  if (who === "no-role") return sessionCookie(null);
  if (who === "administrator") return sessionCookie("administrator");
  const permission = permissionOf(who);
  return sessionCookie("editor", { permissions: permission ? [permission] : [] });
}

for (const who of WHO) {
  test.describe(`as ${who}`, () => {
    for (const route of ADMIN_ROUTES.filter((r) => !permissionOf(who) || isPermission(r.access))) {
      test(`${route.path} (needs ${route.access})`, async ({ request, sessionCookie, baseURL }) => {
        const cookie = await cookieFor(who, sessionCookie);
        const probes: { method: "GET" | "POST"; target: string }[] = [
          { method: "GET", target: route.path },
          { method: "POST", target: route.path },
          ...(route.page ? [{ method: "GET" as const, target: `${route.path}.data` }, { method: "POST" as const, target: `${route.path}.data` }] : []),
        ];
        for (const { method, target } of probes) {
          const response = await call(request, method, target, cookie, baseURL!);
          const isData = target.endsWith(".data");
          const status = response.status();
          const redirect = await redirectOf(response, isData);
          const body = await response.text();
          const what = `${method} ${target}: ${status} ${body.slice(0, 200)}`;

          if (who === "anonymous") {
            expect(redirect, what).toMatch(/^\/admin\/login(\?redirectTo=%2Fadmin|$)/);
            continue;
          }
          expect(redirect ?? "", `${what}: a signed-in account is not sent to the login page`).not.toMatch(/^\/admin\/login/);
          if (who === "no-role") {
            expect(status, what).toBe(403);
            expect(body, what).not.toContain("Millbrook Admin");
            continue;
          }
          if (!mayUse(who, route.access)) {
            expect(status, what).toBe(403);
            continue;
          }
          // Staff with what the route needs: any answer but a refusal or a crash.
          expect(status, what).not.toBe(403);
          expect(status, what).not.toBe(401);
          expect(status, what).toBeLessThan(500);
        }
      });
    }
  });
}

test("other spellings of an administrator-only address never show it to an editor", async ({ request, sessionCookie }) => {
  const editor = await sessionCookie("editor");
  const administrator = await sessionCookie("administrator");
  for (const target of ["/admin/USERS", "/admin/Settings", "/admin/%75sers", "/admin//users", "/admin/users/", "/admin/./users"]) {
    const asEditor = await request.get(target, { headers: { Cookie: editor }, maxRedirects: 0, failOnStatusCode: false });
    expect([403, 404], target).toContain(asEditor.status());
    expect(await asEditor.text(), target).not.toContain("Staff accounts");
    const asAdministrator = await request.get(target, { headers: { Cookie: administrator }, maxRedirects: 0, failOnStatusCode: false });
    expect(asAdministrator.status(), target).toBeLessThan(500);
  }
});

// A session whose password was right but whose second factor is not yet checked (or not
// yet enrolled) reaches nothing but its step.
for (const pending of ["verify", "enrol"] as const) {
  test(`a session pending "${pending}" is sent to its step from every admin page, data request and action`, async ({ request, baseURL, e2eDatabase }) => {
    void e2eDatabase;
    const account = await createSignedInAccount({ role: "administrator", pending });
    const cookie = `${account.cookie.name}=${account.cookie.value}`;
    for (const route of ADMIN_ROUTES) {
      const probes: { method: "GET" | "POST"; target: string }[] = [
        { method: "GET", target: route.path },
        { method: "POST", target: route.path },
        ...(route.page ? [{ method: "GET" as const, target: `${route.path}.data` }, { method: "POST" as const, target: `${route.path}.data` }] : []),
      ];
      for (const { method, target } of probes) {
        const response = await call(request, method, target, cookie, baseURL!);
        const status = response.status();
        const body = await response.text();
        const what = `${method} ${target}`;
        expect(body, what).not.toContain(account.email);
        if (target.endsWith(".data")) {
          expect(status, what).toBe(202);
          expect(body, what).toContain(`/admin/login/${pending}`);
        } else {
          expect(status, what).toBe(302);
          expect(response.headers()["location"], what).toMatch(new RegExp(`^/admin/login/${pending}`));
        }
      }
    }
  });
}

test.describe("pages outside the guard", () => {
  test("the login page and one-time link pages are reachable without a session", async ({ request }) => {
    expect((await request.get("/admin/login")).status()).toBe(200);
    expect((await request.get("/admin/set-password/not-a-real-token", { failOnStatusCode: false })).status()).toBe(410);
    expect((await request.get("/admin/setup/not-a-real-token", { failOnStatusCode: false })).status()).toBe(410);
    expect((await request.get("/admin/enrol/not-a-real-token", { failOnStatusCode: false })).status()).toBe(410);
    expect((await request.get("/admin/forgot-password")).status()).toBe(200);
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
