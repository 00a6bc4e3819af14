/**
 * Password hashing with scrypt (Node's built-in, memory-hard) and a per-user salt.
 * Stored as `scrypt$N$r$p$salt$hash`: a hash made with lower parameters still verifies,
 * and is replaced at the next successful sign-in (`passwordNeedsRehash`).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { config, type AppConfig } from "../lib/config.server.ts";

/** OWASP's minimum for scrypt (N=2^17, r=8, p=1): 128 MiB and about 0.3 s per hash. */
export const SCRYPT_N = 2 ** 17;

/**
 * The cost of new hashes. PASSWORD_HASH_LOG_N (10 to 17) is honoured only when
 * NODE_ENV=test, for the browser tests, which make and sign in many accounts.
 */
export function scryptCost(settings: AppConfig = config()): number {
  const value = settings.PASSWORD_HASH_LOG_N;
  return settings.NODE_ENV === "test" && value !== undefined && value >= 10 && value <= 17 ? 2 ** value : SCRYPT_N;
}
const r = 8;
const p = 1;
const KEY_LENGTH = 64;
export { MIN_PASSWORD_LENGTH } from "./password-rules.ts";

/**
 * At most this many hashes at once: each takes 128 MiB outside the JavaScript heap, so
 * a burst of sign-ins for different accounts queues here instead of taking the memory.
 */
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await scryptOnce(password, salt, keylen, options);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function scryptOnce(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize("NFKC"), salt, keylen, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = scryptCost();
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 128 * N * r * 2 + 1024 * 1024 });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const cost = { N: Number(n), r: Number(rr), p: Number(pp) };
  const key = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
    ...cost,
    maxmem: 128 * cost.N * cost.r * 2 + 1024 * 1024,
  });
  return timingSafeEqual(key, expected);
}

/** Whether a stored hash was made with parameters below today's. */
export function passwordNeedsRehash(stored: string): boolean {
  const [scheme, n, rr, pp] = stored.split("$");
  return scheme !== "scrypt" || Number(n) < scryptCost() || Number(rr) < r || Number(pp) < p;
}

/** Used when the account does not exist, so that a miss costs as much time as a hit. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("dummy password for timing");
  await verifyPassword(password, await dummyHash);
  return false;
}
