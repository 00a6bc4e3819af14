import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A random, URL-safe secret (256 bits). */
export const newToken = () => randomBytes(32).toString("base64url");

/** What we store instead of a secret: its SHA-256. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
