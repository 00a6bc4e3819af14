/**
 * Second factors of staff accounts: authenticator apps (TOTP, RFC 6238 through
 * @epic-web/totp) and ten single-use recovery codes per enrolment, stored as SHA-256.
 *
 * - Administrators must have a second factor; editors may; the site setting
 *   `require_two_factor` makes it compulsory for every staff member.
 * - A TOTP code is accepted once: the time step it was accepted for is kept
 *   (staff_factors.last_step) and a code for that step or an earlier one is refused.
 * - TOTP secrets are stored encrypted (`app/lib/secret-box.server.ts`), with the
 *   owner's id bound in, so the database alone does not give a usable secret.
 * - Passkeys (`passkeys.server.ts`) count as second factors too.
 */
import { randomBytes, randomInt } from "node:crypto";
import { getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "../db/client.server.ts";
import { recoveryCodes, staffFactors, staffPasskeys } from "../db/schema.ts";
import { logger } from "../lib/logger.server.ts";
import { decryptSecret, encryptSecret, isEncrypted } from "../lib/secret-box.server.ts";
import { hashToken } from "../lib/tokens.server.ts";

const TOTP_PERIOD_S = 30;
const RECOVERY_CODE_COUNT = 10;
const ISSUER = "Millbrook Community Foundation";
/** An unconfirmed enrolment keeps its secret this long (so a wrong code does not change the QR code). */
const ENROLMENT_LIFETIME_MS = 30 * 60 * 1000;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Whether the account has a second factor: a confirmed authenticator app or a passkey. */
export async function hasSecondFactor(userId: string): Promise<boolean> {
  return (await factorSummary(userId)).hasFactor;
}

export interface FactorSummary {
  /** An authenticator app or a passkey. */
  hasFactor: boolean;
  /** A confirmed authenticator app. */
  hasApp: boolean;
  passkeys: number;
  confirmedAt: Date | null;
  recoveryCodesLeft: number;
}

export async function factorSummary(userId: string): Promise<FactorSummary> {
  const db = getDb();
  const [factor] = await db
    .select({ confirmedAt: staffFactors.confirmed_at })
    .from(staffFactors)
    .where(and(eq(staffFactors.user_id, userId), isNotNull(staffFactors.confirmed_at)))
    .limit(1);
  const [codes] = await db
    .select({ left: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
  const [keys] = await db.select({ n: sql<number>`count(*)::int` }).from(staffPasskeys).where(eq(staffPasskeys.user_id, userId));
  const passkeys = keys?.n ?? 0;
  return {
    hasFactor: Boolean(factor) || passkeys > 0,
    hasApp: Boolean(factor),
    passkeys,
    confirmedAt: factor?.confirmedAt ?? null,
    recoveryCodesLeft: codes?.left ?? 0,
  };
}

export interface Enrolment {
  /** The secret, in groups of four for typing into an app by hand. */
  secretGroups: string;
  uri: string;
  /** The QR code of `uri`: its size in modules and one SVG path drawing the dark ones. */
  qr: { size: number; path: string };
}

/** The SVG path of a QR code (drawn by the server; no script or image needed in the browser). The library loads on the first enrolment. */
async function qrPath(text: string): Promise<{ size: number; path: string }> {
  const { default: QRCode } = await import("qrcode");
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
    }
  }
  return { size: modules.size, path: parts.join("") };
}

/** The enrolment in progress for the account (a new secret unless a recent one is waiting). */
export async function startEnrolment(userId: string, email: string): Promise<Enrolment> {
  const db = getDb();
  const [waiting] = await db
    .select({ secret: staffFactors.secret })
    .from(staffFactors)
    .where(
      and(
        eq(staffFactors.user_id, userId),
        isNull(staffFactors.confirmed_at),
        gt(staffFactors.created_at, sql`now() - make_interval(secs => ${ENROLMENT_LIFETIME_MS / 1000})`),
      ),
    )
    .limit(1);
  let secret = waiting ? readSecret(waiting.secret, userId) : null;
  if (!secret) {
    await db.delete(staffFactors).where(and(eq(staffFactors.user_id, userId), isNull(staffFactors.confirmed_at)));
    secret = base32(randomBytes(20));
    await db.insert(staffFactors).values({ user_id: userId, secret: encryptSecret(secret, userId) });
  }
  const uri = getTOTPAuthUri({ period: TOTP_PERIOD_S, digits: 6, algorithm: "SHA-1", secret, accountName: email, issuer: ISSUER });
  return { secretGroups: secret.match(/.{1,4}/g)!.join(" "), uri, qr: await qrPath(uri) };
}

/** The Base32 secret of a stored value; null (and logged) when it cannot be decrypted (wrong key, altered row). */
function readSecret(stored: string, userId: string): string | null {
  try {
    return decryptSecret(stored, userId);
  } catch (error) {
    logger.error({ err: error, userId }, "a second-factor secret could not be decrypted");
    return null;
  }
}

/**
 * Start-up: encrypts the secrets stored before encryption at rest (written as Base32).
 * Conditional on the value read, so a row changed meanwhile is left alone; how many were encrypted.
 */
export async function encryptPlaintextSecrets(): Promise<number> {
  const db = getDb();
  const rows = await db
    .select({ id: staffFactors.id, userId: staffFactors.user_id, secret: staffFactors.secret })
    .from(staffFactors)
    .where(sql`${staffFactors.secret} not like 'enc:%'`);
  let done = 0;
  for (const row of rows) {
    if (isEncrypted(row.secret)) continue;
    const updated = await db
      .update(staffFactors)
      .set({ secret: encryptSecret(row.secret, row.userId) })
      .where(and(eq(staffFactors.id, row.id), eq(staffFactors.secret, row.secret)))
      .returning({ id: staffFactors.id });
    done += updated.length;
  }
  return done;
}

const currentStep = () => Math.floor(Date.now() / 1000 / TOTP_PERIOD_S);
const normaliseCode = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

/** Checks a 6-digit code against a secret; the step it belongs to, or null. */
async function totpStep(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verifyTOTP({ otp: code, secret, period: TOTP_PERIOD_S, digits: 6, algorithm: "SHA-1", window: 1 });
  return result ? currentStep() + result.delta : null;
}

/**
 * Confirms the enrolment in progress with a code from the app. On success the account's
 * earlier factors are replaced, and ten new recovery codes are returned (shown once).
 */
export async function confirmEnrolment(userId: string, rawCode: string): Promise<string[] | null> {
  const db = getDb();
  const [waiting] = await db
    .select()
    .from(staffFactors)
    .where(and(eq(staffFactors.user_id, userId), isNull(staffFactors.confirmed_at)))
    .limit(1);
  const secret = waiting && readSecret(waiting.secret, userId);
  if (!waiting || !secret) return null;
  const step = await totpStep(secret, normaliseCode(rawCode));
  if (step === null) return null;
  await db.transaction(async (tx) => {
    await tx.delete(staffFactors).where(and(eq(staffFactors.user_id, userId), isNotNull(staffFactors.confirmed_at)));
    await tx.update(staffFactors).set({ confirmed_at: sql`now()`, last_step: step }).where(eq(staffFactors.id, waiting.id));
  });
  return replaceRecoveryCodes(userId);
}

/** Ten new recovery codes (xxxxx-xxxxx); the old ones stop working. */
export async function replaceRecoveryCodes(userId: string): Promise<string[]> {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = "";
    for (let i = 0; i < 10; i++) code += alphabet[randomInt(alphabet.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
  const db = getDb();
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ user_id: userId, code_hash: hashToken(normaliseCode(code)) })));
  });
  return codes;
}

/**
 * Checks a second-factor code: a current code from the app (once per time step) or an
 * unused recovery code (then used up). Says which kind worked, or null.
 */
export async function verifySecondFactor(userId: string, rawCode: string): Promise<"totp" | "recovery" | null> {
  const code = normaliseCode(rawCode);
  if (!code || code.length > 40) return null;
  const db = getDb();
  if (/^\d{6}$/.test(code)) {
    const factors = await db
      .select()
      .from(staffFactors)
      .where(and(eq(staffFactors.user_id, userId), isNotNull(staffFactors.confirmed_at)));
    for (const factor of factors) {
      const secret = readSecret(factor.secret, userId);
      const step = secret ? await totpStep(secret, code) : null;
      if (step === null) continue;
      // Atomic: two requests with the same code cannot both pass.
      const used = await db
        .update(staffFactors)
        .set({ last_step: step })
        .where(and(eq(staffFactors.id, factor.id), or(isNull(staffFactors.last_step), lt(staffFactors.last_step, step))))
        .returning({ id: staffFactors.id });
      return used.length > 0 ? "totp" : null;
    }
    return null;
  }
  const used = await db
    .update(recoveryCodes)
    .set({ used_at: sql`now()` })
    .where(and(eq(recoveryCodes.user_id, userId), eq(recoveryCodes.code_hash, hashToken(code)), isNull(recoveryCodes.used_at)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0 ? "recovery" : null;
}

/** Removes every second factor (app and passkeys) and recovery code of the account (the owner, or an administrator's reset). */
export async function removeSecondFactors(userId: string): Promise<void> {
  const db = getDb();
  await db.transaction(async (tx) => {
    await tx.delete(staffFactors).where(eq(staffFactors.user_id, userId));
    await tx.delete(staffPasskeys).where(eq(staffPasskeys.user_id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  });
}

/** Housekeeping: enrolments never confirmed (past their lifetime); how many were removed. */
export async function deleteAbandonedEnrolments(): Promise<number> {
  const removed = await getDb()
    .delete(staffFactors)
    .where(
      and(
        isNull(staffFactors.confirmed_at),
        lt(staffFactors.created_at, sql`now() - make_interval(secs => ${ENROLMENT_LIFETIME_MS / 1000})`),
      ),
    )
    .returning({ id: staffFactors.id });
  return removed.length;
}
