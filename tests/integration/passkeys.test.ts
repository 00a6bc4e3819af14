/**
 * Passkeys against the real database, answered by a software passkey: registration, the
 * second step, re-authentication and sign-in with a passkey alone, and every way the
 * server must refuse an answer (a challenge never given, used twice, expired or for
 * another session or purpose; an unknown or removed passkey; another account's passkey;
 * a counter going back; another origin; a forged signature; no user verification).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signIn, signInWithPasskey } from "../../app/features/sign-in/login.server.ts";
import {
  listPasskeys,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  verifyPasskey,
} from "../../app/auth/passkeys.server.ts";
import { lookupSession } from "../../app/auth/session.server.ts";
import { resetSecondFactor } from "../../app/features/staff/two-factor-admin.server.ts";
import { factorSummary } from "../../app/auth/two-factor.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { auditLog, staffPasskeys, webauthnChallenges } from "../../app/db/schema.ts";
import { runHousekeeping } from "../../app/domain/limits/housekeeping.server.ts";
import { siteOrigin } from "../../app/lib/config.server.ts";
import { createSignedInAccount } from "../helpers/staff.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { SoftPasskey, strangerKey } from "../helpers/webauthn.ts";

const database = setupTestDatabase();

type Account = Awaited<ReturnType<typeof createSignedInAccount>>;
const ownerOf = (a: Account) => ({ userId: a.user.id, email: a.email, sessionId: a.sessionId });

/** A signed-in account with one registered software passkey. */
async function withPasskey(role: "editor" | "administrator" = "editor") {
  const account = await createSignedInAccount({ role });
  const passkey = new SoftPasskey(siteOrigin());
  const options = await passkeyRegistrationOptions(ownerOf(account));
  const result = await registerPasskey(ownerOf(account), { response: passkey.register(options), name: "  Work   laptop " });
  expect(result).toMatchObject({ ok: true, name: "Work laptop" });
  return { account, passkey };
}

const verifyOptions = (a: Account) => passkeyAuthenticationOptions({ purpose: "verify", sessionId: a.sessionId, userId: a.user.id });
const verify = (a: Account, response: string) => verifyPasskey({ purpose: "verify", sessionId: a.sessionId, userId: a.user.id, response });

describe("passkeys", () => {
  it("registers a discoverable passkey that needs user verification; it is a second factor", async () => {
    const { account } = await withPasskey();
    const options = await passkeyRegistrationOptions(ownerOf(account));
    expect(options.rp.id).toBe(new URL(siteOrigin()).hostname);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    // The passkey already there is excluded (the browser will not make a second one on it).
    expect(options.excludeCredentials).toHaveLength(1);
    const list = await listPasskeys(account.user.id);
    expect(list).toEqual([expect.objectContaining({ name: "Work laptop", lastUsedAt: null })]);
    expect(await factorSummary(account.user.id)).toMatchObject({ hasFactor: true, hasApp: false, passkeys: 1 });
    // The next password sign-in asks for the second step.
    expect(await signIn({ email: account.email, password: account.password, ip: "192.0.2.90" })).toMatchObject({ ok: true, pending: "verify" });
  });

  it("accepts an answer once, to a challenge it gave for this purpose and session, before it expires", async () => {
    const { account, passkey } = await withPasskey();
    const options = await verifyOptions(account);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([passkey.id]);
    const answer = passkey.authenticate(options);
    expect(await verify(account, answer)).toMatchObject({ ok: true, userId: account.user.id });
    expect((await listPasskeys(account.user.id))[0]!.lastUsedAt).toBeInstanceOf(Date);

    // The same answer again: its challenge is used up.
    expect(await verify(account, answer)).toEqual({ ok: false, reason: "challenge" });
    // A challenge the server never gave.
    expect(await verify(account, passkey.authenticate({ challenge: "bm90LWdpdmVuLWJ5LXRoZS1zZXJ2ZXI" }))).toEqual({ ok: false, reason: "challenge" });
    // A challenge given to another session.
    const other = await createSignedInAccount({ role: "editor" });
    const otherOptions = await passkeyAuthenticationOptions({ purpose: "verify", sessionId: other.sessionId });
    expect(await verify(account, passkey.authenticate(otherOptions))).toEqual({ ok: false, reason: "challenge" });
    // A challenge given for re-authentication does not pass the sign-in step.
    const reauthOptions = await passkeyAuthenticationOptions({ purpose: "reauth", sessionId: account.sessionId, userId: account.user.id });
    expect(await verify(account, passkey.authenticate(reauthOptions))).toEqual({ ok: false, reason: "challenge" });
    // An expired challenge.
    const late = await verifyOptions(account);
    await getDb().update(webauthnChallenges).set({ expires_at: sql`now() - interval '1 second'` }).where(eq(webauthnChallenges.challenge, late.challenge));
    expect(await verify(account, passkey.authenticate(late))).toEqual({ ok: false, reason: "challenge" });
    // Expired challenges are cleared by the housekeeping.
    await getDb().insert(webauthnChallenges).values({ challenge: "old-one", purpose: "sign-in", expires_at: sql`now() - interval '1 hour'` });
    expect((await runHousekeeping()).challenges).toBeGreaterThanOrEqual(1);
  });

  it("refuses an unknown passkey, another account's passkey and a removed one", async () => {
    const { account, passkey } = await withPasskey();
    const stranger = new SoftPasskey(siteOrigin());
    expect(await verify(account, stranger.authenticate(await verifyOptions(account)))).toEqual({ ok: false, reason: "unknown-credential" });

    const { account: other, passkey: othersPasskey } = await withPasskey();
    expect(await verify(account, othersPasskey.authenticate(await verifyOptions(account)))).toEqual({ ok: false, reason: "unknown-credential" });
    void other;

    const [row] = await listPasskeys(account.user.id);
    expect(await removePasskey(other.user.id, row!.id)).toBeNull(); // not theirs to remove
    expect(await removePasskey(account.user.id, row!.id)).toBe("Work laptop");
    expect(await verify(account, passkey.authenticate(await verifyOptions(account)))).toEqual({ ok: false, reason: "unknown-credential" });
    expect(await factorSummary(account.user.id)).toMatchObject({ hasFactor: false, passkeys: 0 });
  });

  it("refuses a counter that does not go up, another origin, a forged signature and an answer without user verification", async () => {
    const { account, passkey } = await withPasskey();
    expect(await verify(account, passkey.authenticate(await verifyOptions(account), { counter: 5 }))).toMatchObject({ ok: true });
    expect(await verify(account, passkey.authenticate(await verifyOptions(account), { counter: 5 }))).toEqual({ ok: false, reason: "counter" });
    expect(await verify(account, passkey.authenticate(await verifyOptions(account), { counter: 3 }))).toEqual({ ok: false, reason: "counter" });
    const [stored] = await getDb().select({ counter: staffPasskeys.counter }).from(staffPasskeys).where(eq(staffPasskeys.user_id, account.user.id));
    expect(stored!.counter).toBe(5);

    expect(await verify(account, passkey.authenticate(await verifyOptions(account), { origin: "https://millbrook.example.net" }))).toEqual({
      ok: false,
      reason: "not-verified",
    });
    expect(await verify(account, passkey.authenticate(await verifyOptions(account), { signWith: strangerKey() }))).toEqual({
      ok: false,
      reason: "not-verified",
    });
    expect(await verify(account, passkey.authenticate(await verifyOptions(account), { noUserVerification: true }))).toEqual({
      ok: false,
      reason: "not-verified",
    });
    expect(await verify(account, "{not json")).toEqual({ ok: false, reason: "malformed" });
    // After all that, a right answer still works.
    expect(await verify(account, passkey.authenticate(await verifyOptions(account)))).toMatchObject({ ok: true });
  });

  it("refuses a registration answered for another session, without user verification, or from another origin", async () => {
    const account = await createSignedInAccount({ role: "editor" });
    const other = await createSignedInAccount({ role: "editor" });
    const passkey = new SoftPasskey(siteOrigin());
    const theirs = await passkeyRegistrationOptions(ownerOf(other));
    expect(await registerPasskey(ownerOf(account), { response: passkey.register(theirs), name: "x" })).toEqual({ ok: false, reason: "challenge" });
    const noUv = await passkeyRegistrationOptions(ownerOf(account));
    expect(await registerPasskey(ownerOf(account), { response: passkey.register(noUv, { noUserVerification: true }), name: "x" })).toEqual({
      ok: false,
      reason: "not-verified",
    });
    const elsewhere = await passkeyRegistrationOptions(ownerOf(account));
    expect(await registerPasskey(ownerOf(account), { response: passkey.register(elsewhere, { origin: "https://evil.example" }), name: "x" })).toEqual({
      ok: false,
      reason: "not-verified",
    });
    expect(await listPasskeys(account.user.id)).toEqual([]);
  });

  it("signs in with a passkey alone: a full session, no password and no second step; failures are audited", async () => {
    const { account, passkey } = await withPasskey("administrator");
    const options = await passkeyAuthenticationOptions({ purpose: "sign-in", sessionId: null });
    expect(options.allowCredentials ?? []).toEqual([]); // discoverable: the browser offers what it has
    expect(options.userVerification).toBe("required");
    const result = await signInWithPasskey({ response: passkey.authenticate(options), ip: "192.0.2.91" });
    expect(result).toMatchObject({ ok: true, userId: account.user.id });
    if (!result.ok) throw new Error("unreachable");
    const lookup = await lookupSession(result.token);
    expect(lookup.status === "active" && lookup.session).toMatchObject({ pending: null, userId: account.user.id });

    // A second-step challenge does not sign anyone in; nor does a stranger's passkey.
    const verifyChallenge = await verifyOptions(account);
    expect(await signInWithPasskey({ response: passkey.authenticate(verifyChallenge), ip: "192.0.2.91" })).toEqual({ ok: false });
    const stranger = new SoftPasskey(siteOrigin());
    const fresh = await passkeyAuthenticationOptions({ purpose: "sign-in", sessionId: null });
    expect(await signInWithPasskey({ response: stranger.authenticate(fresh), ip: "192.0.2.91" })).toEqual({ ok: false });
    const failures = await getDb().select().from(auditLog).where(eq(auditLog.action, "auth.passkey_failed"));
    expect(failures.length).toBeGreaterThanOrEqual(1);
    const signIns = await getDb().select().from(auditLog).where(eq(auditLog.entity_id, result.sessionId));
    expect(signIns[0]).toMatchObject({ action: "auth.sign_in", details: { via: "passkey" } });
  });

  it("an administrator's reset of someone's second factor removes their passkeys too", async () => {
    const { account, passkey } = await withPasskey();
    const admin = await createSignedInAccount({ role: "administrator" });
    await resetSecondFactor(account.user.id, { userId: admin.user.id, email: admin.email, ip: "192.0.2.92" }, "administrator", "http://localhost");
    expect(await listPasskeys(account.user.id)).toEqual([]);
    const options = await passkeyAuthenticationOptions({ purpose: "sign-in", sessionId: null });
    expect(await signInWithPasskey({ response: passkey.authenticate(options), ip: "192.0.2.92" })).toEqual({ ok: false });
  });

  it("npm run reset-two-factor removes the last administrator's passkeys, app and recovery codes", async () => {
    const { account, passkey } = await withPasskey("administrator");
    const run = spawnSync(process.execPath, [path.resolve("scripts/reset-two-factor.ts"), "--email", account.email], {
      env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "test", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(await factorSummary(account.user.id)).toMatchObject({ hasFactor: false, passkeys: 0, recoveryCodesLeft: 0 });
    const options = await passkeyAuthenticationOptions({ purpose: "sign-in", sessionId: null });
    expect(await signInWithPasskey({ response: passkey.authenticate(options), ip: "192.0.2.93" })).toEqual({ ok: false });
  });
});
