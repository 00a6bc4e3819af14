/**
 * Second factors against the real database: the sign-in step chosen after the password,
 * single use of codes (also in parallel), the site setting, the administrators' reset and
 * the reset command, and the notices.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signIn } from "../../app/features/sign-in/login.server.ts";
import { secondFactorStep } from "../../app/features/sign-in/second-factor-step.server.ts";
import { startSessionAfterLink } from "../../app/features/sign-in/start-session.server.ts";
import { lookupSession } from "../../app/auth/session.server.ts";
import { resetSecondFactor, setTwoFactorForEveryone, TwoFactorResetError } from "../../app/features/staff/two-factor-admin.server.ts";
import { confirmEnrolment, factorSummary, startEnrolment, verifySecondFactor } from "../../app/auth/two-factor.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { auditLog, recoveryCodes, sessions, staffFactors, staffNotices } from "../../app/db/schema.ts";
import { runHousekeeping } from "../../app/domain/limits/housekeeping.server.ts";
import { takeNotices } from "../../app/domain/security-notices/notices.server.ts";
import { createSignedInAccount, createTestAccount } from "../helpers/staff.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { currentStep, totpCode } from "../helpers/totp.ts";

const database = setupTestDatabase();

/** Enrols an authenticator for the account; its secret and recovery codes. */
async function enrol(userId: string, email: string) {
  const enrolment = await startEnrolment(userId, email);
  const secret = enrolment.secretGroups.replace(/\s/g, "");
  const codes = await confirmEnrolment(userId, totpCode(secret, currentStep() - 1));
  expect(codes).toHaveLength(10);
  return { secret, codes: codes!, uri: enrolment.uri };
}

describe("two-step sign-in", () => {
  it("makes a pending session after the password: verify with a factor, enrol for administrators without one", async () => {
    const editor = await createTestAccount({ role: "editor" });
    const admin = await createTestAccount({ role: "administrator" });
    const editorSignIn = await signIn({ email: editor.email, password: editor.password, ip: "192.0.2.40" });
    const adminSignIn = await signIn({ email: admin.email, password: admin.password, ip: "192.0.2.41" });
    expect(editorSignIn).toMatchObject({ ok: true, pending: null });
    expect(adminSignIn).toMatchObject({ ok: true, pending: "enrol" });
    if (!adminSignIn.ok) throw new Error("unreachable");
    const lookup = await lookupSession(adminSignIn.token);
    expect(lookup.status === "active" && lookup.session.pending).toBe("enrol");

    await enrol(editor.user.id, editor.email);
    expect(await signIn({ email: editor.email, password: editor.password, ip: "192.0.2.42" })).toMatchObject({ ok: true, pending: "verify" });
  });

  it("a one-time link (setup, invitation, reset) does not skip the second step", async () => {
    const admin = await createTestAccount({ role: "administrator" });
    const editor = await createTestAccount({ role: "editor" });
    const start = (user: { id: string; email: string }) =>
      startSessionAfterLink({ user, via: "reset", request: new Request("http://localhost/admin/set-password/x"), ip: "192.0.2.60", secure: false });
    expect(await start(admin.user)).toMatchObject({ kind: "next-step", redirectTo: "/admin/login/enrol" });
    await enrol(admin.user.id, admin.email);
    const again = await start(admin.user);
    expect(again).toMatchObject({ kind: "next-step", redirectTo: "/admin/login/verify" });
    const lookup = await lookupSession(again.token);
    expect(lookup.status === "active" && lookup.session.pending).toBe("verify");
    expect(await start(editor.user)).toMatchObject({ kind: "session" });
  });

  it("the enrolment offers an otpauth URI with the issuer and the email, with a 160-bit secret", async () => {
    const editor = await createTestAccount({ role: "editor" });
    const { uri, secret } = await enrol(editor.user.id, editor.email);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(decodeURIComponent(uri)).toContain(editor.email);
    expect(uri).toContain("issuer=Millbrook");
    expect(secret).toHaveLength(32);
  });

  it("accepts a code once, also when the same code arrives twice at the same time", async () => {
    const editor = await createTestAccount({ role: "editor" });
    const { secret } = await enrol(editor.user.id, editor.email);
    const code = totpCode(secret, currentStep());
    const results = await Promise.all([0, 1, 2, 3].map(() => verifySecondFactor(editor.user.id, code)));
    expect(results.filter((r) => r === "totp")).toHaveLength(1);
    expect(await verifySecondFactor(editor.user.id, code)).toBeNull();
    expect(await verifySecondFactor(editor.user.id, totpCode(secret, currentStep() - 5))).toBeNull();
  });

  it("accepts each recovery code once (in any case, with or without the dash) and stores only hashes", async () => {
    const editor = await createTestAccount({ role: "editor" });
    const { codes } = await enrol(editor.user.id, editor.email);
    const stored = await getDb().select().from(recoveryCodes).where(eq(recoveryCodes.user_id, editor.user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes).not.toContain(row.code_hash);
    expect(await verifySecondFactor(editor.user.id, codes[3]!.toUpperCase().replace("-", " "))).toBe("recovery");
    expect(await verifySecondFactor(editor.user.id, codes[3]!)).toBeNull();
    const parallel = await Promise.all([0, 1, 2].map(() => verifySecondFactor(editor.user.id, codes[4]!)));
    expect(parallel.filter((r) => r === "recovery")).toHaveLength(1);
    expect((await factorSummary(editor.user.id)).recoveryCodesLeft).toBe(8);
  });

  it("the site setting makes editors without a factor enrol at their next sign-in", async () => {
    const editor = await createTestAccount({ role: "editor" });
    expect(await secondFactorStep(editor.user.id)).toBeNull();
    await setTwoFactorForEveryone(true, { ip: "test" });
    try {
      expect(await secondFactorStep(editor.user.id)).toBe("enrol");
    } finally {
      await setTwoFactorForEveryone(false, { ip: "test" });
    }
    expect(await secondFactorStep(editor.user.id)).toBeNull();
  });

  it("an administrator resets another's factor: factor and sessions gone, audited, notice kept; never their own", async () => {
    const admin = await createTestAccount({ role: "administrator" });
    const editor = await createSignedInAccount({ role: "editor" });
    await enrol(editor.user.id, editor.email);
    await resetSecondFactor(editor.user.id, { userId: admin.user.id, email: admin.email, ip: "192.0.2.50" }, "administrator", "http://localhost");
    expect((await factorSummary(editor.user.id)).hasFactor).toBe(false);
    expect(await getDb().select().from(sessions).where(eq(sessions.user_id, editor.user.id))).toHaveLength(0);
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.entity_id, editor.user.id));
    expect(audit.map((a) => a.action)).toContain("staff.second_factor_reset");
    expect(await takeNotices(editor.user.id)).toEqual(["The second factor of your account was removed."]);
    expect(await takeNotices(editor.user.id)).toEqual([]);

    await expect(resetSecondFactor(admin.user.id, { userId: admin.user.id, ip: "x" }, "administrator", "http://localhost")).rejects.toThrow(TwoFactorResetError);
  });

  it("housekeeping removes abandoned enrolments and old notices, and keeps the rest", async () => {
    const editor = await createTestAccount({ role: "editor" });
    await enrol(editor.user.id, editor.email);
    await startEnrolment(editor.user.id, editor.email); // a second phone, never confirmed
    await getDb().update(staffFactors).set({ created_at: sql`now() - interval '2 hours'` }).where(isNull(staffFactors.confirmed_at));
    await getDb().insert(staffNotices).values([
      { user_id: editor.user.id, message: "old, seen", seen_at: sql`now() - interval '100 days'` },
      { user_id: editor.user.id, message: "recent, unseen" },
    ]);
    const result = await runHousekeeping();
    expect(result.enrolments).toBeGreaterThanOrEqual(1);
    const factors = await getDb().select().from(staffFactors).where(eq(staffFactors.user_id, editor.user.id));
    expect(factors.map((f) => Boolean(f.confirmed_at))).toEqual([true]);
    const notices = await getDb().select().from(staffNotices).where(eq(staffNotices.user_id, editor.user.id));
    expect(notices.map((n) => n.message)).toEqual(["recent, unseen"]);
  });

  it("npm run reset-two-factor resets the last administrator's factor", async () => {
    const admin = await createTestAccount({ role: "administrator" });
    await enrol(admin.user.id, admin.email);
    const run = spawnSync(process.execPath, [path.resolve("scripts/reset-two-factor.ts"), "--email", admin.email.toUpperCase()], {
      env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "test", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Two-step sign-in reset for ${admin.email}`);
    expect((await factorSummary(admin.user.id)).hasFactor).toBe(false);
    expect(await secondFactorStep(admin.user.id)).toBe("enrol");

    const unknown = spawnSync(process.execPath, [path.resolve("scripts/reset-two-factor.ts"), "--email", "nobody@example.org"], {
      env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "test", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("No account with the email nobody@example.org");
  });
});
