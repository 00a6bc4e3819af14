import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getOptionalStaff, requireStaff } from "../../app/auth/guards.server.ts";
import { signIn, signOut } from "../../app/features/sign-in/login.server.ts";
import {
  createSession,
  deleteSessionsOfUser,
  lookupSession,
  sessionPolicy,
} from "../../app/auth/session.server.ts";
import { getDb, getPool } from "../../app/db/client.server.ts";
import { adminUsers, auditLog, sessions, users } from "../../app/db/schema.ts";
import { hashToken } from "../../app/lib/tokens.server.ts";
import { readToast } from "../../app/lib/toast.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { createSignedInAccount, createTestAccount, routeArgs, TEST_PASSWORD } from "../helpers/staff.ts";

setupTestDatabase();

/** What a guard threw: a Response (redirect) or React Router's data() (403). */
async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) {
      return { status: error.status, location: error.headers.get("Location"), cookies: error.headers.getSetCookie(), data: null };
    }
    const d = error as { init?: { status?: number }; data?: unknown };
    return { status: d.init?.status, location: null, cookies: [] as string[], data: d.data };
  }
  throw new Error("expected the guard to refuse");
}

const ageSession = (id: string, lastSeenSecondsAgo: number, createdSecondsAgo = lastSeenSecondsAgo) =>
  getDb()
    .update(sessions)
    .set({
      last_seen_at: sql`now() - make_interval(secs => ${lastSeenSecondsAgo})`,
      created_at: sql`now() - make_interval(secs => ${createdSecondsAgo})`,
    })
    .where(eq(sessions.id, id));

describe("session storage", () => {
  it("stores only the SHA-256 of the token, never the token", async () => {
    const { token, sessionId } = await createSignedInAccount({ role: "editor" });
    const [row] = await getDb().select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row.token_hash).toBe(hashToken(token));
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const dump = await getPool().query("select * from sessions");
    expect(JSON.stringify(dump.rows)).not.toContain(token);
  });

  it("gives every session a different random token", async () => {
    const { user } = await createTestAccount({ role: "editor" });
    const a = await createSession(user.id);
    const b = await createSession(user.id);
    expect(a.token).not.toBe(b.token);
    expect(a.id).not.toBe(b.id);
  });

  it("expires after 2 hours without use (idle), enforced on the server, and deletes the row", async () => {
    const { token, sessionId } = await createSignedInAccount({ role: "editor" });
    await ageSession(sessionId, 2 * 3600 - 60);
    expect((await lookupSession(token)).status).toBe("active");
    await ageSession(sessionId, 2 * 3600 + 1);
    expect(await lookupSession(token)).toEqual({ status: "expired", reason: "idle" });
    expect(await getDb().select().from(sessions).where(eq(sessions.id, sessionId))).toHaveLength(0);
  });

  it("expires after the absolute lifetime even when used all the time", async () => {
    const { token, sessionId } = await createSignedInAccount({ role: "editor" });
    await ageSession(sessionId, 10, 12 * 3600 + 1);
    expect(await lookupSession(token)).toEqual({ status: "expired", reason: "absolute" });
  });

  it("also honours expires_at on the row", async () => {
    const { token, sessionId } = await createSignedInAccount({ role: "editor" });
    await getDb().update(sessions).set({ expires_at: sql`now() - interval '1 second'` }).where(eq(sessions.id, sessionId));
    expect((await lookupSession(token)).status).toBe("expired");
  });

  it("refreshes last_seen_at on use, at most once a minute", async () => {
    const { token, sessionId } = await createSignedInAccount({ role: "editor" });
    await ageSession(sessionId, 30, 600);
    const before = (await getDb().select().from(sessions).where(eq(sessions.id, sessionId)))[0].last_seen_at;
    await lookupSession(token, { touch: true });
    const notYet = (await getDb().select().from(sessions).where(eq(sessions.id, sessionId)))[0].last_seen_at;
    expect(notYet.getTime()).toBe(before.getTime());

    await ageSession(sessionId, 90, 600);
    const lookup = await lookupSession(token, { touch: true });
    const after = (await getDb().select().from(sessions).where(eq(sessions.id, sessionId)))[0].last_seen_at;
    expect(Date.now() - after.getTime()).toBeLessThan(5000);
    expect(lookup.status === "active" && lookup.session.remainingMs).toBeGreaterThan(sessionPolicy().idleTimeoutMs - 5000);
  });

  it("reports the time left so the browser can warn before the idle limit", async () => {
    const { token, sessionId } = await createSignedInAccount({ role: "editor" });
    await ageSession(sessionId, 3600, 3600);
    const lookup = await lookupSession(token);
    expect(lookup.status).toBe("active");
    if (lookup.status === "active") {
      expect(lookup.session.remainingMs).toBeGreaterThan(3600_000 - 5000);
      expect(lookup.session.remainingMs).toBeLessThanOrEqual(3600_000);
    }
  });
});

describe("requireStaff", () => {
  it("sends anonymous visitors to /admin/login with a same-site redirectTo", async () => {
    const result = await thrown(requireStaff(routeArgs("/admin/events?status=active")));
    expect(result.status).toBe(302);
    expect(result.location).toBe("/admin/login?redirectTo=%2Fadmin%2Fevents%3Fstatus%3Dactive");
  });

  it("strips React Router's data suffix from redirectTo", async () => {
    const result = await thrown(requireStaff(routeArgs("/admin/events.data?_routes=routes%2Fadmin%2Fevents")));
    expect(result.location).toBe("/admin/login?redirectTo=%2Fadmin%2Fevents");
  });

  it("treats an unknown token as anonymous and clears the cookie", async () => {
    const result = await thrown(requireStaff(routeArgs("/admin/dashboard", { token: "x".repeat(43) })));
    expect(result.status).toBe(302);
    expect(result.cookies.some((c) => c.startsWith("mcf_session=;") && c.includes("Max-Age=0"))).toBe(true);
  });

  it("refuses a tampered cookie (one character of a real token changed) and clears it; the real token still works", async () => {
    const { token } = await createSignedInAccount({ role: "editor" });
    const last = token.at(-1) === "A" ? "B" : "A";
    const tampered = token.slice(0, -1) + last;
    const result = await thrown(requireStaff(routeArgs("/admin/dashboard", { token: tampered })));
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/admin\/login/);
    expect(result.cookies.some((c) => c.startsWith("mcf_session=;") && c.includes("Max-Age=0") && c.includes("HttpOnly") && c.includes("SameSite=Lax"))).toBe(true);
    // Not a token at all (a cookie edited by hand into something else): anonymous too.
    const garbage = await thrown(requireStaff(routeArgs("/admin/dashboard", { token: "%E0%A4%A" })));
    expect(garbage.status).toBe(302);
    await expect(requireStaff(routeArgs("/admin/dashboard", { token }))).resolves.toMatchObject({ role: "editor" });
  });

  it("signs out an idle session with the inactivity message", async () => {
    const { token, sessionId } = await createSignedInAccount({ role: "administrator" });
    await ageSession(sessionId, 2 * 3600 + 5);
    const result = await thrown(requireStaff(routeArgs("/admin/dashboard", { token })));
    expect(result.location).toBe("/admin/login");
    const toast = result.cookies.find((c) => c.startsWith("mcf_toast="))!;
    const { toast: message } = await readToast(new Request("http://x/", { headers: { Cookie: toast.split(";")[0] } }));
    expect(message?.message).toBe("You've been logged out due to inactivity");
  });

  it("answers 403 'no access' to an account without staff access, with no admin data", async () => {
    const { token, email } = await createSignedInAccount({ role: null });
    const result = await thrown(requireStaff(routeArgs("/admin/dashboard", { token })));
    expect(result.status).toBe(403);
    expect(result.data).toEqual({ denied: "no-access", email });
  });

  it("answers 403 to an editor on an administrator page; lets administrators in", async () => {
    const editor = await createSignedInAccount({ role: "editor" });
    const result = await thrown(requireStaff(routeArgs("/admin/users", { token: editor.token }), "administrator"));
    expect(result.status).toBe(403);
    expect(result.data).toEqual({ denied: "access", required: "administrator", why: "This section is for administrators only." });

    expect((await requireStaff(routeArgs("/admin/events", { token: editor.token }), "staff")).role).toBe("editor");
    const admin = await createSignedInAccount({ role: "administrator" });
    const staff = await requireStaff(routeArgs("/admin/users", { token: admin.token }), "administrator");
    expect(staff).toMatchObject({ user: { id: admin.user.id, email: admin.email }, role: "administrator", sessionId: admin.sessionId });
  });

  it("sees revoked staff access on the next request", async () => {
    const { token, user } = await createSignedInAccount({ role: "administrator" });
    await requireStaff(routeArgs("/admin/dashboard", { token }));
    await getDb().delete(adminUsers).where(eq(adminUsers.user_id, user.id));
    expect((await thrown(requireStaff(routeArgs("/admin/dashboard", { token })))).status).toBe(403);
  });

  it("sees a role change on the next request", async () => {
    const { token, user } = await createSignedInAccount({ role: "administrator" });
    await requireStaff(routeArgs("/admin/users", { token }), "administrator");
    await getDb().update(adminUsers).set({ role: "editor" }).where(eq(adminUsers.user_id, user.id));
    expect((await thrown(requireStaff(routeArgs("/admin/users", { token }), "administrator"))).status).toBe(403);
  });

  it("sees a deleted session on the next request", async () => {
    const { token, user } = await createSignedInAccount({ role: "administrator" });
    await requireStaff(routeArgs("/admin/dashboard", { token }));
    await deleteSessionsOfUser(user.id);
    expect((await thrown(requireStaff(routeArgs("/admin/dashboard", { token })))).status).toBe(302);
  });

  it("does not accept the cookie of plain HTTP over HTTPS (cookie names differ)", async () => {
    const { token } = await createSignedInAccount({ role: "administrator" });
    const args = routeArgs("/admin/dashboard", { secure: true, cookies: `mcf_session=${token}` });
    expect((await thrown(requireStaff(args))).status).toBe(302);
    const secure = routeArgs("/admin/dashboard", { secure: true, token });
    expect((await requireStaff(secure)).role).toBe("administrator");
  });
});

describe("getOptionalStaff (public pages)", () => {
  it("is null for visitors and accounts without staff access, the staff member otherwise", async () => {
    expect(await getOptionalStaff(routeArgs("/"))).toBeNull();
    const none = await createSignedInAccount({ role: null });
    expect(await getOptionalStaff(routeArgs("/", { token: none.token }))).toBeNull();
    const editor = await createSignedInAccount({ role: "editor" });
    expect((await getOptionalStaff(routeArgs("/", { token: editor.token })))?.role).toBe("editor");
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the right password, records the login and the audit line", async () => {
    const { email, user } = await createTestAccount({ role: "editor" });
    const result = await signIn({ email: email.toUpperCase(), password: TEST_PASSWORD, ip: "203.0.113.7" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect((await lookupSession(result.token)).status).toBe("active");
    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(row.last_login_at).not.toBeNull();
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.actor_user_id, user.id));
    expect(audit.map((a) => [a.action, a.ip, a.actor_email])).toContainEqual(["auth.sign_in", "203.0.113.7", email]);
  });

  it("rotates the session at sign-in: the old session ends, a new id and token start", async () => {
    const { email, token: oldToken, sessionId: oldId } = await createSignedInAccount({ role: "editor" });
    const result = await signIn({ email, password: TEST_PASSWORD, ip: "203.0.113.8", previousToken: oldToken });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.sessionId).not.toBe(oldId);
    expect(result.token).not.toBe(oldToken);
    expect((await lookupSession(oldToken)).status).toBe("expired");
  });

  it("answers an unknown email exactly like a wrong password, and audits both", async () => {
    const { email } = await createTestAccount({ role: "editor" });
    const wrong = await signIn({ email, password: "not the password!", ip: "203.0.113.9" });
    const unknown = await signIn({ email: "nobody-here@example.org", password: "not the password!", ip: "203.0.113.10" });
    expect(wrong).toEqual({ ok: false, reason: "invalid", retryAfterMs: 1000 });
    expect(unknown).toEqual({ ok: false, reason: "invalid", retryAfterMs: 1000 });
    const failed = await getDb().select().from(auditLog).where(eq(auditLog.action, "auth.sign_in_failed"));
    // An email that is no account is not stored as typed (it may be a password typed in the wrong box).
    expect(failed.map((a) => a.actor_email)).toEqual(expect.arrayContaining([email, "unknown account"]));
    expect(JSON.stringify(failed)).not.toContain("nobody-here");
    expect(JSON.stringify(failed)).not.toContain("not the password");
  });

  it("costs about the same time for an unknown email as for a wrong password", async () => {
    // Fresh accounts and addresses for every attempt, so that no attempt is throttled.
    const accounts = await Promise.all([0, 1, 2, 3, 4].map(() => createTestAccount({ role: "editor" })));
    const time = async (e: string, ip: string) => {
      const start = performance.now();
      const result = await signIn({ email: e, password: "wrong password here", ip });
      expect(result).toMatchObject({ ok: false, reason: "invalid" });
      return performance.now() - start;
    };
    const median = (runs: number[]) => runs.sort((a, b) => a - b)[2];
    await time("warmup@example.org", "198.51.100.1");
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(accounts[i].email, `198.51.100.${10 + i}`));
      unknown.push(await time(`nobody-${i}@example.org`, `198.51.100.${20 + i}`));
    }
    // Both run scrypt once; a skipped hash would make the unknown case 10-50x faster.
    // Medians of five keep a busy machine's pauses out of the comparison.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.3);
  });

  it("refuses an account that has no password yet (invited, link not used)", async () => {
    const { user } = await createTestAccount({ role: "editor" });
    await getDb().update(users).set({ password_hash: null }).where(eq(users.id, user.id));
    const result = await signIn({ email: user.email, password: "", ip: "203.0.113.11" });
    expect(result.ok).toBe(false);
  });

  it("signs out: deletes the server session and audits it", async () => {
    const { token, sessionId, user, email } = await createSignedInAccount({ role: "editor" });
    await signOut({ id: sessionId, userId: user.id, email }, { ip: "203.0.113.12" });
    expect(await getDb().select().from(sessions).where(eq(sessions.id, sessionId))).toHaveLength(0);
    expect((await lookupSession(token)).status).toBe("expired");
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.action, "auth.sign_out"));
    expect(audit.some((a) => a.actor_user_id === user.id && a.ip === "203.0.113.12")).toBe(true);
  });
});

describe("background refreshes do not count as activity", () => {
  const lastSeen = async (id: string) => (await getDb().select({ at: sessions.last_seen_at }).from(sessions).where(eq(sessions.id, id)))[0].at.getTime();

  it("a live update reloading the dashboard in place leaves the idle timeout as it was", async () => {
    const { token, sessionId } = await createSignedInAccount({ role: "editor" });
    await ageSession(sessionId, 30 * 60);
    const before = await lastSeen(sessionId);
    // What the browser sends when live updates revalidate the open dashboard (layout left out).
    await requireStaff(routeArgs("/admin/dashboard.data?_routes=routes%2Fadmin%2Fdashboard", { token }));
    expect(await lastSeen(sessionId)).toBe(before);
    // A navigation (the layout's loader runs too) is activity.
    await requireStaff(routeArgs("/admin/dashboard.data?_routes=root%2Croutes%2Fadmin%2Flayout%2Croutes%2Fadmin%2Fdashboard", { token }));
    expect(await lastSeen(sessionId)).toBeGreaterThan(before);
  });

  it("a forgotten tab with live updates still times out", async () => {
    const { token, sessionId } = await createSignedInAccount({ role: "editor" });
    await ageSession(sessionId, 2 * 3600 - 60);
    await requireStaff(routeArgs("/admin/dashboard.data?_routes=routes%2Fadmin%2Fdashboard", { token }));
    await ageSession(sessionId, 2 * 3600 + 5);
    const result = await thrown(requireStaff(routeArgs("/admin/dashboard.data?_routes=routes%2Fadmin%2Fdashboard", { token })));
    expect(result.status).toBe(302);
  });
});
