/**
 * Enrolment renews the session token, and after a second-factor reset (by an
 * administrator or `npm run reset-two-factor`) the password alone no longer leads to
 * enrolment: the one-time link sent to the owner (or shown to the administrator when mail
 * is not configured) does, together with the password.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { staffMiddleware } from "../../app/auth/guards.server.ts";
import { recordRefusedAccess } from "../../app/domain/limits/aggregated-audit.server.ts";
import { signIn, signInWithEnrolLink } from "../../app/features/sign-in/login.server.ts";
import { createSession, lookupSession, sessionCookieName } from "../../app/auth/session.server.ts";
import { resetSecondFactor } from "../../app/features/staff/two-factor-admin.server.ts";
import { confirmEnrolment, startEnrolment } from "../../app/auth/two-factor.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { users } from "../../app/db/schema.ts";
import { reloadConfig } from "../../app/lib/config.server.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { action as enrolAction, loader as enrolLoader } from "../../app/features/sign-in/admin/login-enrol.tsx";
import { action as usersAction } from "../../app/features/staff/admin/users.tsx";
import { startSmtpCatcher } from "../../scripts/mail-catcher.ts";
import { createSignedInAccount, createTestAccount } from "../helpers/staff.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { currentStep, totpCode } from "../helpers/totp.ts";

const database = setupTestDatabase();

function routeArgs(path: string, token: string, body?: Record<string, string>) {
  const request = new Request(`http://localhost${path}`, {
    method: body ? "POST" : "GET",
    headers: { Cookie: `${sessionCookieName(false)}=${token}`, ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
    body: body ? new URLSearchParams(body) : undefined,
  });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "192.0.2.77", nonce: "", secure: false });
  return { request, context, params: {} } as never;
}

/** The enrolment step as the browser goes through it: the page (secret), then a code. */
async function enrolAtSignIn(token: string) {
  const page = (await enrolLoader(routeArgs("/admin/login/enrol", token))) as { enrolment: { secretGroups: string } };
  const secret = page.enrolment.secretGroups.replace(/\s/g, "");
  const args = routeArgs("/admin/login/enrol", token, { code: totpCode(secret, currentStep()) });
  const answer = (await enrolAction(args)) as { data: { codes: string[] | null }; init: ResponseInit | null };
  const cookie = new Headers(answer.init?.headers).get("Set-Cookie") ?? "";
  const renewed = new RegExp(`${sessionCookieName(false)}=([^;]+)`).exec(cookie)?.[1] ?? null;
  return { codes: answer.data.codes, renewed, secret, args };
}

const tokenOf = (url: string) => url.split("/admin/enrol/")[1]!;

afterEach(() => {
  reloadConfig();
});

describe("enrolment and re-enrolment after a reset", () => {
  it("enrolment at sign-in ends the pending session and starts a full one with a new token", async () => {
    const admin = await createTestAccount({ role: "administrator" });
    const signedIn = await signIn({ email: admin.email, password: admin.password, ip: "192.0.2.70" });
    if (!signedIn.ok) throw new Error("sign-in failed");
    expect(signedIn.pending).toBe("enrol");
    const { codes, renewed, args } = await enrolAtSignIn(signedIn.token);
    expect(codes).toHaveLength(10);
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(signedIn.token);
    // The token handed out before the second factor is worth nothing now.
    expect((await lookupSession(signedIn.token)).status).not.toBe("active");
    const full = await lookupSession(renewed);
    expect(full.status === "active" && full.session.pending).toBeNull();
    // Without JavaScript the page is rendered in the same request: it shows the codes, not the sign-in page.
    expect(await enrolLoader(args)).toMatchObject({ enrolment: null });
  });

  it("after an administrator's reset, the password alone does not enrol: the link (shown when mail is off) and the password do", async () => {
    const admin = await createSignedInAccount({ role: "administrator" });
    const other = await createTestAccount({ role: "administrator" });
    const first = await signIn({ email: other.email, password: other.password, ip: "192.0.2.71" });
    if (!first.ok) throw new Error("sign-in failed");
    await enrolAtSignIn(first.token);

    // The Users screen: mail is not configured, so the administrator is shown the link.
    const args = routeArgs("/admin/users", admin.token, { intent: "two-factor", userId: other.user.id });
    await staffMiddleware("administrator", recordRefusedAccess)(args, async () => new Response());
    const answer = (await usersAction(args)) as { data: { link: { kind: string; url: string; mailed: boolean } } };
    expect(answer.data.link).toMatchObject({ kind: "enrol", mailed: false });
    expect(answer.data.link.url).toMatch(/^http:\/\/localhost(?::\d+)?\/admin\/enrol\/[\w-]{20,}$/);

    // Whoever knows the password is not offered enrolment.
    expect(await signIn({ email: other.email, password: other.password, ip: "192.0.2.72" })).toMatchObject({ ok: false, reason: "enrol-by-link" });
    const token = tokenOf(answer.data.link.url);
    expect(await signInWithEnrolLink({ token, password: "not the password at all", ip: "192.0.2.73" })).toMatchObject({ ok: false, reason: "invalid" });
    // The wrong password counts like one at sign-in (1 s back-off), and the link is still unused.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const viaLink = await signInWithEnrolLink({ token, password: other.password, ip: "192.0.2.73" });
    if (!viaLink.ok) throw new Error(`the link did not work: ${viaLink.reason}`);
    const pending = await lookupSession(viaLink.token);
    expect(pending.status === "active" && pending.session.pending).toBe("enrol");
    // The link works once.
    expect(await signInWithEnrolLink({ token, password: other.password, ip: "192.0.2.73" })).toEqual({ ok: false, reason: "expired" });

    // Enrolled again: the password leads to the code step as before.
    await enrolAtSignIn(viaLink.token);
    const [row] = await getDb().select({ flag: users.enrol_by_link }).from(users).where(eq(users.id, other.user.id));
    expect(row?.flag).toBe(false);
    expect(await signIn({ email: other.email, password: other.password, ip: "192.0.2.74" })).toMatchObject({ ok: true, pending: "verify" });
  });

  it("mails the link to the owner when mail is configured (not shown in the mail-less way)", async () => {
    const smtp = await startSmtpCatcher();
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { SMTP_URL: smtp.url, MAIL_FROM: "Millbrook <no-reply@millbrook.test>" });
      reloadConfig();
      const admin = await createTestAccount({ role: "administrator" });
      const editor = await createTestAccount({ role: "editor" });
      const secret = (await startEnrolment(editor.user.id, editor.email)).secretGroups.replace(/\s/g, "");
      await confirmEnrolment(editor.user.id, totpCode(secret, currentStep() - 1));
      const outcome = await resetSecondFactor(editor.user.id, { userId: admin.user.id, email: admin.email, ip: "192.0.2.75" }, "administrator", "http://localhost");
      expect(outcome.mailed).toBe(true);
      const mail = smtp.mails.find((m) => m.to.includes(editor.email) && m.subject.startsWith("Set up two-step sign-in again"));
      expect(mail?.text).toContain(outcome.url);
      expect(await signIn({ email: editor.email, password: editor.password, ip: "192.0.2.76" })).toMatchObject({ ok: false, reason: "enrol-by-link" });
    } finally {
      process.env = saved;
      await smtp.stop();
    }
  });

  it("npm run reset-two-factor prints the one-time link, and the password alone no longer enrols", async () => {
    const admin = await createTestAccount({ role: "administrator" });
    const first = await signIn({ email: admin.email, password: admin.password, ip: "192.0.2.78" });
    if (!first.ok) throw new Error("sign-in failed");
    await enrolAtSignIn(first.token);
    const run = spawnSync(process.execPath, [path.resolve("scripts/reset-two-factor.ts"), "--email", admin.email], {
      env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "test", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const url = /https?:\/\/\S+\/admin\/enrol\/\S+/.exec(run.stdout)?.[0];
    expect(url).toBeTruthy();
    expect(await signIn({ email: admin.email, password: admin.password, ip: "192.0.2.79" })).toMatchObject({ ok: false, reason: "enrol-by-link" });
    const viaLink = await signInWithEnrolLink({ token: tokenOf(url!), password: admin.password, ip: "192.0.2.79" });
    expect(viaLink.ok).toBe(true);
  });

  it("an old pending token cannot be used once a session for the same person is replaced", async () => {
    const account = await createTestAccount({ role: "administrator" });
    const pending = await createSession(account.user.id, { ip: "192.0.2.80", pending: "enrol" });
    const { renewed } = await enrolAtSignIn(pending.token);
    expect(renewed).not.toBe(pending.token);
    await expect(enrolLoader(routeArgs("/admin/login/enrol", pending.token))).rejects.toMatchObject({ status: 302 });
  });
});
