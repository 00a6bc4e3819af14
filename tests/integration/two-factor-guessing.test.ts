/**
 * The second sign-in step cannot be brute-forced: wrong codes are counted per account
 * under their own key, only a correct code clears it, every fifth wrong code ends the
 * pending session and pauses the code step (growing), and the owner is told (notice and
 * mail). The figure: code guesses checked per account per hour, by an attacker who knows
 * the password, signs in again before every guess and comes from a new address each time.
 */
import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { CODE_ROUND } from "../../app/auth/code-throttle.server.ts";
import { signIn } from "../../app/features/sign-in/login.server.ts";
import { lookupSession, sessionCookieName } from "../../app/auth/session.server.ts";
import { deleteStaleThrottleRows } from "../../app/auth/throttle.server.ts";
import { confirmEnrolment, startEnrolment } from "../../app/auth/two-factor.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { auditLog, loginThrottle, staffNotices } from "../../app/db/schema.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { action as verifyAction } from "../../app/features/sign-in/admin/login-verify.tsx";
import { withMailServer } from "../helpers/mail-server.ts";
import { createTestAccount } from "../helpers/staff.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { currentStep, totpCode } from "../helpers/totp.ts";

setupTestDatabase();

const smtp = withMailServer();

async function enrolledEditor() {
  const account = await createTestAccount({ role: "editor" });
  const secret = (await startEnrolment(account.user.id, account.email)).secretGroups.replace(/\s/g, "");
  expect(await confirmEnrolment(account.user.id, totpCode(secret, currentStep() - 1))).toHaveLength(10);
  return { ...account, secret };
}

/** A 6-digit code that is not valid now (nor in the steps either side). */
function wrongCode(secret: string, seed: number) {
  const valid = new Set([-1, 0, 1].map((d) => totpCode(secret, currentStep() + d)));
  for (let n = seed; ; n++) {
    const code = String((n * 7919) % 1_000_000).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

/** Posts a code to the second step with the pending session's cookie, as the browser does. */
async function postCode(token: string, code: string, ip: string) {
  const request = new Request("http://localhost/admin/login/verify", {
    method: "POST",
    headers: { Cookie: `${sessionCookieName(false)}=${token}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ code }),
  });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip, nonce: "", secure: false });
  const answer = await verifyAction({ request, context, params: {} } as never).catch((thrown: unknown) => thrown);
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location") };
  return { status: (answer as { init?: ResponseInit }).init?.status ?? 200, location: null };
}

const checkedGuesses = async (userId: string) =>
  (
    await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.actor_user_id, userId), eq(auditLog.action, "auth.second_factor_failed")))
  )[0]!.n;

/** Moves the throttle's clock on: every stored time of the counters is set back by `minutes`. */
async function advanceClock(minutes: number) {
  await getDb()
    .update(loginThrottle)
    .set({
      updated_at: sql`${loginThrottle.updated_at} - make_interval(mins => ${minutes})`,
      blocked_until: sql`${loginThrottle.blocked_until} - make_interval(mins => ${minutes})`,
    });
}

let addressCounter = 0;
const nextAddress = () => {
  addressCounter++;
  return `198.51.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
};

describe("second-step codes cannot be brute-forced", () => {
  it(`the ${CODE_ROUND}th wrong code ends the pending session; a correct password does not reset the count; the owner is told`, async () => {
    const editor = await enrolledEditor();
    const mailsBefore = smtp.mails.length;
    let token = "";
    for (let guess = 1; guess <= CODE_ROUND; guess++) {
      // The attacker signs in with the right password before every guess, from a new address.
      const ip = nextAddress();
      const signedIn = await signIn({ email: editor.email, password: editor.password, ip });
      expect(signedIn).toMatchObject({ ok: true, pending: "verify" });
      if (!signedIn.ok) throw new Error("unreachable");
      token = signedIn.token;
      const answer = await postCode(token, wrongCode(editor.secret, guess), ip);
      if (guess < CODE_ROUND) expect(answer.status).toBe(401);
      else expect(answer).toMatchObject({ status: 302, location: "/admin/login?codes=paused" });
    }
    // The pending session is gone, and the code step stays closed for the next sign-in.
    expect((await lookupSession(token)).status).not.toBe("active");
    const again = await signIn({ email: editor.email, password: editor.password, ip: nextAddress() });
    if (!again.ok) throw new Error("the password still signs in (to the paused step)");
    const before = await checkedGuesses(editor.user.id);
    const refused = await postCode(again.token, totpCode(editor.secret), nextAddress());
    expect(refused).toMatchObject({ status: 302, location: "/admin/login?codes=paused" });
    expect(await checkedGuesses(editor.user.id)).toBe(before);
    // Housekeeping does not forget the count after the password's 15 quiet minutes.
    await advanceClock(20);
    await deleteStaleThrottleRows();
    const [row] = await getDb().select().from(loginThrottle).where(eq(loginThrottle.key, `code:${editor.user.id}`));
    expect(row?.failures).toBe(CODE_ROUND);
    // The owner: a notice shown at their next sign-in, and an email.
    const notices = await getDb().select().from(staffNotices).where(eq(staffNotices.user_id, editor.user.id));
    expect(notices.map((n) => n.message).join(" ")).toContain(`${CODE_ROUND} wrong two-step codes`);
    const mail = smtp.mails.slice(mailsBefore).find((m) => m.to.includes(editor.email));
    expect(mail?.text).toContain("wrong two-step codes");
  });

  it("only a correct code clears the count", async () => {
    const editor = await enrolledEditor();
    const first = await signIn({ email: editor.email, password: editor.password, ip: nextAddress() });
    if (!first.ok) throw new Error("sign-in failed");
    for (let i = 0; i < CODE_ROUND - 1; i++) expect((await postCode(first.token, wrongCode(editor.secret, i), "192.0.2.9")).status).toBe(401);
    expect(await postCode(first.token, totpCode(editor.secret), "192.0.2.9")).toMatchObject({ status: 302, location: "/admin/dashboard" });
    const rows = await getDb().select().from(loginThrottle).where(eq(loginThrottle.key, `code:${editor.user.id}`));
    expect(rows).toHaveLength(0);
  });

  it("measures at most 10 code guesses checked per account per hour, from many addresses with the password before each", async () => {
    const editor = await enrolledEditor();
    const STEP_MINUTES = 5;
    const SIMULATED_MINUTES = 150;
    const checkedAt: number[] = [];
    let seed = 100;
    for (let minute = 0; minute < SIMULATED_MINUTES; minute += STEP_MINUTES) {
      // In each step the attacker guesses as fast as the site lets them (up to 12 tries).
      for (let tries = 0; tries < 12; tries++) {
        const ip = nextAddress();
        const signedIn = await signIn({ email: editor.email, password: editor.password, ip });
        if (!signedIn.ok) break;
        const before = await checkedGuesses(editor.user.id);
        await postCode(signedIn.token, wrongCode(editor.secret, seed++), ip);
        if ((await checkedGuesses(editor.user.id)) === before) break;
        checkedAt.push(minute);
      }
      await advanceClock(STEP_MINUTES);
    }
    const perHour = Math.max(...checkedAt.map((start) => checkedAt.filter((m) => m >= start && m < start + 60).length));
    console.log(`code guesses checked per account per hour (most in any 60 simulated minutes): ${perHour}; in ${SIMULATED_MINUTES} minutes: ${checkedAt.length}`);
    expect(checkedAt.length).toBeGreaterThan(0);
    expect(perHour).toBeLessThanOrEqual(10);
  }, 300_000);
});
