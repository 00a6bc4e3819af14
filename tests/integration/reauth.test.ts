/**
 * Re-authentication: sensitive actions are refused by the server (sent to /admin/reauth,
 * nothing changed) when the session's password or code check is older than 10 minutes.
 */
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { staffMiddleware } from "../../app/auth/guards.server.ts";
import { recordRefusedAccess } from "../../app/domain/limits/aggregated-audit.server.ts";
import { sessionCookieName } from "../../app/auth/session.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { adminUsers, sessions, siteSettings } from "../../app/db/schema.ts";
import { giftAidClaims } from "../../app/features/giving/table.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { action as giftAidAction } from "../../app/features/giving/admin/gift-aid.tsx";
import { action as dataProtectionAction } from "../../app/routes/admin/data-protection/data-protection.tsx";
import { action as reauthAction } from "../../app/features/sign-in/admin/reauth.tsx";
import { action as settingsAction } from "../../app/features/settings/admin/settings.tsx";
import { action as usersAction } from "../../app/features/staff/admin/users.tsx";
import { loader as donationsExportLoader } from "../../app/features/giving/admin/donations-export.ts";
import { loader as giftAidScheduleLoader } from "../../app/features/giving/admin/gift-aid-schedule.ts";
import { action as givingSettingsAction } from "../../app/features/settings/admin/settings-giving.ts";
import { action as personalDataExportAction } from "../../app/routes/admin/data-protection/data-protection-export.ts";
import { createSignedInAccount, createTestAccount, TEST_PASSWORD } from "../helpers/staff.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

async function post(path: string, token: string, body: Record<string, string> | object, json = false, cookies: string[] = []) {
  const headers: Record<string, string> = { Cookie: [`${sessionCookieName(false)}=${token}`, ...cookies].join("; ") };
  let payload: BodyInit;
  if (json) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  } else {
    payload = new URLSearchParams(body as Record<string, string>);
  }
  const request = new Request(`http://localhost${path}`, { method: "POST", headers, body: payload });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "127.0.0.1", nonce: "", secure: false });
  // What the admin layouts' middleware does before every action.
  const args = { request, context, params: {} };
  await staffMiddleware("staff", recordRefusedAccess)(args as never, async () => new Response());
  return args as never;
}

/** What the action answered or threw, as a Response-like status and Location. */
async function outcome(promise: Promise<unknown>) {
  const result = await promise.then(
    (value) => value,
    (thrown: unknown) => thrown,
  );
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), body: result };
  const init = (result as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, location: null, body: result };
}

async function verifiedMinutesAgo(sessionId: string, minutes: number) {
  await getDb()
    .update(sessions)
    .set({ verified_at: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(sessions.id, sessionId));
}

const roleOf = async (userId: string) =>
  (await getDb().select().from(adminUsers).where(eq(adminUsers.user_id, userId)))[0]?.role ?? null;

describe("re-authentication before sensitive actions", () => {
  it("refuses a role change 11 minutes after the last check and allows it after re-authenticating", async () => {
    const admin = await createSignedInAccount({ role: "administrator" });
    const editor = await createTestAccount({ role: "editor" });
    await verifiedMinutesAgo(admin.sessionId, 11);

    const refused = await outcome(usersAction(await post("/admin/users", admin.token, { intent: "role", userId: editor.user.id, role: "administrator" })));
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/admin/reauth?redirectTo=%2Fadmin%2Fusers");
    expect(await roleOf(editor.user.id)).toBe("editor");

    // A wrong password does not count.
    const wrong = await outcome(reauthAction(await post("/admin/reauth", admin.token, { password: "not my password at all", redirectTo: "/admin/users" })));
    expect(wrong.status).toBe(400);
    const again = await outcome(usersAction(await post("/admin/users", admin.token, { intent: "role", userId: editor.user.id, role: "administrator" })));
    expect(again.location).toMatch(/^\/admin\/reauth/);
    expect(await roleOf(editor.user.id)).toBe("editor");

    await new Promise((r) => setTimeout(r, 1100)); // the wrong password's back-off
    const ok = await outcome(reauthAction(await post("/admin/reauth", admin.token, { password: TEST_PASSWORD, redirectTo: "/admin/users" })));
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/admin/users");

    const done = await outcome(usersAction(await post("/admin/users", admin.token, { intent: "role", userId: editor.user.id, role: "administrator" })));
    // Done: back to the Users screen, with a toast.
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/users");
    expect(await roleOf(editor.user.id)).toBe("administrator");
  });

  it("allows the action 9 minutes after the last check", async () => {
    const admin = await createSignedInAccount({ role: "administrator" });
    const editor = await createTestAccount({ role: "editor" });
    await verifiedMinutesAgo(admin.sessionId, 9);
    const done = await outcome(usersAction(await post("/admin/users", admin.token, { intent: "role", userId: editor.user.id, role: "administrator" })));
    // Done: back to the Users screen, with a toast.
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/users");
    expect(await roleOf(editor.user.id)).toBe("administrator");
  });

  it("refuses reset links, erasure, retention and maintenance mode after 10 minutes", async () => {
    const admin = await createSignedInAccount({ role: "administrator" });
    const editor = await createTestAccount({ role: "editor" });
    await verifiedMinutesAgo(admin.sessionId, 11);

    const reset = await outcome(usersAction(await post("/admin/users", admin.token, { intent: "reset", userId: editor.user.id })));
    expect(reset.location).toMatch(/^\/admin\/reauth/);
    const erase = await outcome(dataProtectionAction(await post("/admin/data-protection", admin.token, { intent: "erase", email: "a@example.org", confirm: "a@example.org" })));
    expect(erase.location).toMatch(/^\/admin\/reauth/);
    const retention = await outcome(dataProtectionAction(await post("/admin/data-protection", admin.token, { intent: "retention", volunteer: "3", stall_application: "3", nomination: "3" })));
    expect(retention.location).toMatch(/^\/admin\/reauth/);
    const [before] = await getDb().select().from(siteSettings);
    expect(before!.retention_months_volunteer).not.toBe(3);

    const form = { site_name: before!.site_name, tagline: before!.tagline, ...(before!.maintenance_mode ? {} : { maintenance_mode: "on" }) };
    const maintenance = await outcome(settingsAction(await post("/admin/settings", admin.token, form)));
    expect(maintenance.status).toBe(302);
    expect(maintenance.location).toBe("/admin/reauth?redirectTo=%2Fadmin%2Fsettings");
    const [after] = await getDb().select().from(siteSettings);
    expect(after!.maintenance_mode).toBe(before!.maintenance_mode);
  });

  it("refuses donor and personal data exports and giving settings after 10 minutes, and the submissions permission", async () => {
    const admin = await createSignedInAccount({ role: "administrator" });
    const editor = await createTestAccount({ role: "editor" });
    await verifiedMinutesAgo(admin.sessionId, 11);
    const get = async (path: string) => {
      const args = (await post(path, admin.token, {})) as { request: Request };
      return { ...(args as object), request: new Request(args.request.url, { headers: args.request.headers }) } as never;
    };
    expect((await outcome(donationsExportLoader(await get("/admin/donations/export.csv")))).location).toMatch(/^\/admin\/reauth/);
    expect((await outcome(giftAidScheduleLoader(await get("/admin/donations/gift-aid/schedule.xlsx?from=2026-01-01&to=2026-12-31")))).location).toMatch(/^\/admin\/reauth/);
    expect((await outcome(givingSettingsAction(await post("/admin/settings/giving", admin.token, { max_donation: "10" })))).location).toMatch(/^\/admin\/reauth/);
    expect((await outcome(personalDataExportAction(await post("/admin/data-protection/export", admin.token, { email: "a@example.org" })))).location).toMatch(/^\/admin\/reauth/);
    const allow = await outcome(usersAction(await post("/admin/users", admin.token, { intent: "permission", permission: "submissions", userId: editor.user.id, allowed: "1" })));
    expect(allow.location).toMatch(/^\/admin\/reauth/);
    expect((await getDb().select().from(adminUsers).where(eq(adminUsers.user_id, editor.user.id)))[0]?.permissions).toEqual([]);

    await verifiedMinutesAgo(admin.sessionId, 1);
    const csv = await outcome(donationsExportLoader(await get("/admin/donations/export.csv")));
    expect(csv.status).toBe(200);
  });

  it("marking a Gift Aid claim asks for re-authentication like other sensitive actions", async () => {
    const admin = await createSignedInAccount({ role: "administrator" });
    await verifiedMinutesAgo(admin.sessionId, 11);
    const claimsBefore = (await getDb().select().from(giftAidClaims)).length;
    const refused = await outcome(giftAidAction(await post("/admin/donations/gift-aid", admin.token, { from: "2020-01-01", to: "2020-12-31" })));
    expect(refused.location).toBe("/admin/reauth?redirectTo=%2Fadmin%2Fdonations%2Fgift-aid");
    expect((await getDb().select().from(giftAidClaims)).length).toBe(claimsBefore);
    await verifiedMinutesAgo(admin.sessionId, 1);
    const allowed = await outcome(giftAidAction(await post("/admin/donations/gift-aid", admin.token, { from: "2020-01-01", to: "2020-12-31" })));
    expect(allowed.location).toMatch(/^\/admin\/donations\/gift-aid/);
  });

  it("keeps the refused action and hands it back after re-authentication, for this session only, without secrets", async () => {
    const admin = await createSignedInAccount({ role: "administrator" });
    const editor = await createTestAccount({ role: "editor" });
    await verifiedMinutesAgo(admin.sessionId, 11);
    const refused = await outcome(
      usersAction(await post("/admin/users?q=example", admin.token, { intent: "role", userId: editor.user.id, role: "administrator", password: "never kept" })),
    );
    expect(refused.location).toBe("/admin/reauth?redirectTo=%2Fadmin%2Fusers");
    const kept = (refused.body as Response).headers.getSetCookie().find((c) => c.startsWith("mcf_reauth_resume="));
    expect(kept).toBeTruthy();
    expect(kept).not.toContain("never kept");
    const cookie = kept!.split(";")[0]!;

    // Another session of the same browser does not get it.
    const other = await createSignedInAccount({ role: "administrator" });
    const otherAnswer = await outcome(reauthAction(await post("/admin/reauth", other.token, { password: TEST_PASSWORD, redirectTo: "/admin/users" }, false, [cookie])));
    expect(otherAnswer.location).toBe("/admin/users");

    const answer = await outcome(reauthAction(await post("/admin/reauth", admin.token, { password: TEST_PASSWORD, redirectTo: "/admin/users" }, false, [cookie])));
    expect(answer.status).toBe(200);
    const resume = (answer.body as { data: { resume: { action: string; fields: [string, string][] } } }).data.resume;
    expect(resume.action).toBe("/admin/users?q=example");
    expect(Object.fromEntries(resume.fields)).toEqual({ intent: "role", userId: editor.user.id, role: "administrator" });
    // Nothing has changed yet; the page sends the kept form again, and now it is carried out.
    expect(await roleOf(editor.user.id)).toBe("editor");
    const done = await outcome(usersAction(await post(resume.action, admin.token, Object.fromEntries(resume.fields))));
    expect(done.status).toBe(302);
    expect(await roleOf(editor.user.id)).toBe("administrator");
  });
});
