import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requireStaff } from "../../auth/guards.server.ts";
import { consumeLink, findValidLink } from "../../auth/one-time-links.server.ts";
import { createSession, sessionCookieName } from "../../auth/session.server.ts";
import { getDb } from "../../db/client.server.ts";
import { adminUsers, auditLog, oneTimeTokens, sessions } from "../../db/schema.ts";
import { listAuditEntries } from "../../domain/audit/audit-log.server.ts";
import { recordRefusedAccess } from "../../domain/limits/aggregated-audit.server.ts";
import { action as usersRouteAction } from "./admin/users.tsx";
import type { FormReply } from "../../lib/form-submission.ts";
import { throughLayouts } from "../../../tests/helpers/route-table.ts";
import { routeArgs } from "../../../tests/helpers/staff.ts";
import {
  countAdministrators,
  createPasswordReset,
  createUser,
  grantAccess,
  inviteUser,
  LAST_ADMINISTRATOR_MESSAGE,
  listAccounts,
  revokeAccess,
  roleOf,
  setRole,
  setPermission,
  StaffError,
} from "./staff.server.ts";
import { accountsPath, parseAccountFilters } from "./account-filters.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { hashToken } from "../../lib/tokens.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";

setupTestDatabase();

const actor = { userId: null, email: "chair@millbrook.test", ip: "127.0.0.1" };
let n = 0;
const unique = (prefix: string) => `${prefix}-${++n}-${Date.now()}@millbrook.test`;

async function removeAllStaff() {
  await getDb().delete(adminUsers);
}

function argsFor(token: string) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "127.0.0.1", nonce: "", secure: false });
  const request = new Request("http://localhost/admin/users", { headers: { Cookie: `${sessionCookieName(false)}=${token}` } });
  return { request, context };
}

describe("staff access: grant, change, revoke", () => {
  it("grants access to an existing account by email, changes the role and revokes it, with audit lines", async () => {
    await createUser({ email: unique("other-admin"), role: "administrator" });
    const email = unique("volunteer");
    const user = await createUser({ email, password: "correct horse battery" });
    expect(await roleOf(user.id)).toBeNull();

    await grantAccess(email.toUpperCase(), "editor", actor);
    expect(await roleOf(user.id)).toBe("editor");
    await setRole(user.id, "administrator", actor);
    expect(await roleOf(user.id)).toBe("administrator");
    await revokeAccess(user.id, actor);
    expect(await roleOf(user.id)).toBeNull();

    const { items: accounts } = await listAccounts({ q: email, access: "all", page: 1 });
    expect(accounts.find((a) => a.email === email)).toMatchObject({ role: null, hasPassword: true });
    const lines = await getDb().select().from(auditLog).where(eq(auditLog.entity_id, user.id));
    expect(lines.map((l) => l.action).sort()).toEqual(["staff.access_granted", "staff.access_revoked", "staff.role_changed"]);
  });

  it("grant to an unknown email fails with a clear message", async () => {
    await expect(grantAccess("nobody-here@millbrook.test", "editor", actor)).rejects.toThrow("No account with the email nobody-here@millbrook.test");
  });

  it("never removes or demotes the last administrator", async () => {
    await removeAllStaff();
    const only = await createUser({ email: unique("only-admin"), password: "correct horse battery", role: "administrator" });
    await expect(revokeAccess(only.id, actor)).rejects.toThrow(LAST_ADMINISTRATOR_MESSAGE);
    await expect(setRole(only.id, "editor", actor)).rejects.toThrow(StaffError);
    expect(await roleOf(only.id)).toBe("administrator");

    const second = await createUser({ email: unique("second-admin"), password: "correct horse battery", role: "administrator" });
    await setRole(only.id, "editor", actor);
    expect(await roleOf(only.id)).toBe("editor");
    await expect(revokeAccess(second.id, actor)).rejects.toThrow(LAST_ADMINISTRATOR_MESSAGE);
    expect(await countAdministrators()).toBe(1);
  });

  it("two concurrent demotions of the last two administrators cannot both pass", async () => {
    for (let round = 0; round < 5; round++) {
      await removeAllStaff();
      const a = await createUser({ email: unique("a"), role: "administrator" });
      const b = await createUser({ email: unique("b"), role: "administrator" });
      const results = await Promise.allSettled([
        round % 2 ? revokeAccess(a.id, actor) : setRole(a.id, "editor", actor),
        revokeAccess(b.id, actor),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect((rejected.reason as Error).message).toBe(LAST_ADMINISTRATOR_MESSAGE);
      expect(await countAdministrators()).toBe(1);
    }
  });

  it("revoking access ends the staff access of the account's open sessions on the next request", async () => {
    const user = await createUser({ email: unique("revoked"), password: "correct horse battery", role: "editor" });
    const { token } = await createSession(user.id);
    await expect(requireStaff(argsFor(token), "staff")).resolves.toMatchObject({ role: "editor" });
    await expect(requireStaff(argsFor(token), "administrator")).rejects.toMatchObject({ init: { status: 403 } });

    await revokeAccess(user.id, actor);
    // The session itself is ended: the next request is sent to sign in...
    await expect(requireStaff(argsFor(token), "staff")).rejects.toMatchObject({ status: 302 });
    expect(await getDb().select().from(sessions).where(eq(sessions.user_id, user.id))).toHaveLength(0);
    // ...and granting access again does not bring it back.
    await grantAccess(user.email, "editor", actor);
    await expect(requireStaff(argsFor(token), "staff")).rejects.toMatchObject({ status: 302 });
  });

  it("demoting an administrator ends their sessions; promoting an editor does not", async () => {
    const admin = await createUser({ email: unique("demoted"), password: "correct horse battery", role: "administrator" });
    await createUser({ email: unique("other-admin"), password: "correct horse battery", role: "administrator" });
    const editor = await createUser({ email: unique("promoted"), password: "correct horse battery", role: "editor" });
    const adminSession = await createSession(admin.id);
    const editorSession = await createSession(editor.id);
    await setRole(admin.id, "editor", actor);
    await setRole(editor.id, "administrator", actor);
    await expect(requireStaff(argsFor(adminSession.token), "staff")).rejects.toMatchObject({ status: 302 });
    await expect(requireStaff(argsFor(editorSession.token), "administrator")).resolves.toMatchObject({ role: "administrator" });
  });

  it("answers a malformed account id with a clear message, never a database error", async () => {
    const administrator = await createUser({ email: unique("admin-form"), password: "correct horse battery", role: "administrator" });
    const { token } = await createSession(administrator.id);
    for (const intent of ["role", "revoke", "reset"]) {
      const args = routeArgs("/admin/users", { token, method: "POST" });
      const request = new Request(args.request.url, {
        method: "POST",
        headers: args.request.headers,
        body: new URLSearchParams({ intent, userId: "abc", role: "editor" }),
      });
      const result = (await throughLayouts("features/staff/admin/users.tsx", usersRouteAction, { ...args, request } as never)) as unknown as { init: ResponseInit; data: FormReply };
      expect(result.init.status, intent).toBe(400);
      expect(result.data.error?.[""], intent).toEqual(["Error: No such account"]);
      expect(result.init.headers, intent).toHaveProperty("Set-Cookie", expect.stringContaining("mcf_toast="));
    }
  });
});

describe("the Users screen's actions", () => {
  async function post(token: string, url: string, fields: Record<string, string>) {
    const args = routeArgs(url, { token, method: "POST" });
    const request = new Request(args.request.url, { method: "POST", headers: args.request.headers, body: new URLSearchParams(fields) });
    try {
      return await throughLayouts("features/staff/admin/users.tsx", usersRouteAction, { ...args, request } as never);
    } catch (thrown) {
      return thrown;
    }
  }

  it("refuses a bad Admin Access form field by field, and goes back to the same page of the list after a change", async () => {
    const administrator = await createUser({ email: unique("admin-access"), password: "correct horse battery", role: "administrator" });
    const { token } = await createSession(administrator.id);

    const empty = (await post(token, "/admin/users", { intent: "access", email: " ", role: "editor" })) as { init: ResponseInit; data: FormReply };
    expect(empty.init.status).toBe(400);
    expect(empty.data.error?.email?.[0]).toBe("Please enter an email address");
    const badRole = (await post(token, "/admin/users", { intent: "access", email: unique("new"), role: "owner" })) as { init: ResponseInit; data: FormReply };
    expect(badRole.data.error).toMatchObject({ role: ["Choose a role: administrator or editor"] });

    const person = await createUser({ email: unique("person"), password: "correct horse battery" });
    const granted = (await post(token, "/admin/users?q=person&page=2&unknown=1", { intent: "access", email: person.email.toUpperCase(), role: "editor" })) as Response;
    expect(granted.status).toBe(302);
    expect(granted.headers.get("Location")).toBe("/admin/users?q=person&page=2");
    expect(granted.headers.get("Set-Cookie")).toContain("mcf_toast=");
    expect(await roleOf(person.id)).toBe("editor");

    // Access changes ask for the password again after 10 minutes, the one form included.
    await getDb().update(sessions).set({ verified_at: new Date(Date.now() - 11 * 60_000) }).where(eq(sessions.user_id, administrator.id));
    const stale = (await post(token, "/admin/users", { intent: "access", email: unique("later"), role: "administrator" })) as Response;
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toMatch(/^\/admin\/reauth\?redirectTo=/);
  });
});

describe("the form submissions permission", () => {
  it("an editor reads submissions only while allowed, from the next request; administrators always may", async () => {
    const user = await createUser({ email: unique("inbox"), password: "correct horse battery", role: "editor" });
    const { token } = await createSession(user.id);
    await expect(requireStaff(argsFor(token), "submissions")).rejects.toMatchObject({
      init: { status: 403 },
      data: { denied: "access", required: "submissions" },
    });

    await setPermission(user.id, "submissions", true, actor);
    await expect(requireStaff(argsFor(token), "submissions")).resolves.toMatchObject({ role: "editor", permissions: ["submissions"] });
    expect((await listAccounts({ q: user.email, access: "editor", page: 1 })).items.find((a) => a.id === user.id)).toMatchObject({ permissions: ["submissions"] });

    await setPermission(user.id, "submissions", false, actor);
    await expect(requireStaff(argsFor(token), "submissions")).rejects.toMatchObject({ init: { status: 403 } });

    const entries = await getDb().select().from(auditLog).where(eq(auditLog.entity_id, user.id));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(["staff.permission_granted", "staff.permission_withdrawn"]));

    const admin = await createUser({ email: unique("admin-inbox"), password: "correct horse battery", role: "administrator" });
    const adminSession = await createSession(admin.id);
    await expect(requireStaff(argsFor(adminSession.token), "submissions")).resolves.toMatchObject({ role: "administrator" });
    await expect(setPermission(admin.id, "submissions", false, actor)).rejects.toThrow(StaffError);
  });
});

describe("the Users screen's list of accounts", () => {
  const filtersFor = (query: Record<string, string>) => parseAccountFilters(new URLSearchParams(query));

  it("lists staff first (administrators, editors, then accounts without access), each by email, 25 to a page", async () => {
    const tag = `list${Date.now()}`;
    const made = [
      ...["d", "b"].map((p) => ({ email: `${p}-admin-${tag}@millbrook.test`, role: "administrator" as const })),
      ...["c", "a"].map((p) => ({ email: `${p}-editor-${tag}@millbrook.test`, role: "editor" as const })),
      ...Array.from({ length: 24 }, (_, i) => ({ email: `${String(i).padStart(2, "0")}-none-${tag}@millbrook.test`, role: null })),
    ];
    for (const account of made) await createUser(account);

    const first = await listAccounts(filtersFor({ q: tag }));
    expect(first).toMatchObject({ total: 28, page: 1, pages: 2 });
    expect(first.items).toHaveLength(25);
    expect(first.items.slice(0, 5).map((a) => a.email)).toEqual([
      `b-admin-${tag}@millbrook.test`,
      `d-admin-${tag}@millbrook.test`,
      `a-editor-${tag}@millbrook.test`,
      `c-editor-${tag}@millbrook.test`,
      `00-none-${tag}@millbrook.test`,
    ]);
    expect(first.items.slice(0, 4).map((a) => a.role)).toEqual(["administrator", "administrator", "editor", "editor"]);

    const second = await listAccounts(filtersFor({ q: tag, page: "2" }));
    expect(second.items.map((a) => a.email)).toEqual([21, 22, 23].map((i) => `${i}-none-${tag}@millbrook.test`));
    expect(second.items.every((a) => a.role === null)).toBe(true);
    // A page past the end shows the last one.
    expect(await listAccounts(filtersFor({ q: tag, page: "9" }))).toMatchObject({ page: 2, items: second.items });

    // By access.
    expect((await listAccounts(filtersFor({ q: tag, access: "editor" }))).items.map((a) => a.email)).toEqual([
      `a-editor-${tag}@millbrook.test`,
      `c-editor-${tag}@millbrook.test`,
    ]);
    expect((await listAccounts(filtersFor({ q: tag, access: "none" }))).total).toBe(24);
  });

  it("searches any part of the email, in any case, with %, _ and \\ taken literally", async () => {
    const tag = `find${Date.now()}`;
    for (const email of [`sam_lee-${tag}@millbrook.test`, `samxlee-${tag}@millbrook.test`, `50%off-${tag}@millbrook.test`, `50-and-off-${tag}@millbrook.test`]) {
      await createUser({ email, role: "editor" });
    }
    const emails = async (q: string) => (await listAccounts(filtersFor({ q }))).items.map((a) => a.email);
    expect(await emails(`SAM_LEE-${tag.toUpperCase()}`)).toEqual([`sam_lee-${tag}@millbrook.test`]);
    expect(await emails(`50%off-${tag}`)).toEqual([`50%off-${tag}@millbrook.test`]);
    expect(await emails(`lee-${tag}`)).toEqual([`sam_lee-${tag}@millbrook.test`, `samxlee-${tag}@millbrook.test`]);
    expect(await emails(`\\${tag}`)).toEqual([]);
    expect(await emails(`nobody-${tag}`)).toEqual([]);
  });

  it("reads its filters from the address, ignoring what it does not know", () => {
    expect(filtersFor({ q: "  Sam  ", access: "editor", page: "3" })).toEqual({ q: "Sam", access: "editor", page: 3 });
    expect(filtersFor({ access: "owner", page: "-2" })).toEqual({ q: "", access: "all", page: 1 });
    expect(filtersFor({ page: "abc" }).page).toBe(1);
    expect(accountsPath({ q: "a b", access: "none", page: 2 })).toBe("/admin/users?q=a+b&access=none&page=2");
    expect(accountsPath({ q: "", access: "all", page: 1 })).toBe("/admin/users");
  });
});

describe("invitations and password resets", () => {
  it("an invite creates an account without a password and a single-use link valid 7 days", async () => {
    const email = unique("invitee");
    const issued = await inviteUser(email, "editor", actor, "http://localhost:3000");
    expect(issued.mailed).toBe(false);
    expect(issued.url).toMatch(/^http:\/\/localhost:3000\/admin\/set-password\/[\w-]+$/);
    const days = (issued.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const account = (await listAccounts({ q: email, access: "all", page: 1 })).items.find((a) => a.email === email)!;
    expect(account).toMatchObject({ role: "editor", hasPassword: false });
    const token = issued.url.split("/").pop()!;
    expect(await findValidLink(token, ["invite"])).not.toBeNull();
    expect(await consumeLink(token, ["invite", "reset"])).not.toBeNull();
    expect(await consumeLink(token, ["invite", "reset"])).toBeNull();

    await expect(inviteUser(email, "editor", actor, "http://localhost:3000")).rejects.toThrow(/already exists/);
  });

  it("a reset link lasts 1 hour, replaces the previous one and stops working once expired", async () => {
    const user = await createUser({ email: unique("forgetful"), password: "correct horse battery", role: "editor" });
    const first = await createPasswordReset(user.id, actor, "http://localhost:3000");
    const minutes = (first.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59.9);
    expect(minutes).toBeLessThanOrEqual(60);

    const second = await createPasswordReset(user.id, actor, "http://localhost:3000");
    const firstToken = first.url.split("/").pop()!;
    const secondToken = second.url.split("/").pop()!;
    expect(await findValidLink(firstToken, ["reset"])).toBeNull();
    expect(await findValidLink(secondToken, ["reset"])).not.toBeNull();

    await getDb()
      .update(oneTimeTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.token_hash, hashToken(secondToken)));
    expect(await consumeLink(secondToken, ["reset"])).toBeNull();

    const { entries } = await listAuditEntries({ kind: "staff", email: actor.email });
    expect(entries.some((e) => e.action === "staff.password_reset_link" && e.entity_id === user.id)).toBe(true);
  });
});

describe("refused access attempts", () => {
  it("are audited once per account and period, however often they are repeated", async () => {
    const editor = await createUser({ email: unique("curious-editor"), password: "correct horse battery", role: "editor" });
    const { token } = await createSession(editor.id);
    for (let i = 0; i < 10; i++) {
      await expect(requireStaff(argsFor(token), "administrator", recordRefusedAccess)).rejects.toMatchObject({ init: { status: 403 } });
    }
    const rows = await getDb().select().from(auditLog).where(eq(auditLog.actor_user_id, editor.id));
    expect(rows.filter((r) => r.action === "access.denied")).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "access.denied", actor_email: editor.email, ip: "127.0.0.1" });
    expect(rows[0].details).toMatchObject({ path: "/admin/users", required: "administrator", role: "editor" });
  });

  it("records accounts without any staff role too", async () => {
    const nobody = await createUser({ email: unique("no-role"), password: "correct horse battery", role: null });
    const { token } = await createSession(nobody.id);
    await expect(requireStaff(argsFor(token), "staff", recordRefusedAccess)).rejects.toMatchObject({ init: { status: 403 } });
    const rows = await getDb().select().from(auditLog).where(eq(auditLog.actor_user_id, nobody.id));
    expect(rows.map((r) => r.action)).toEqual(["access.denied"]);
  });
});
