/**
 * A TOTP code as an authenticator app makes it (RFC 6238: HMAC-SHA-1, 30-second steps,
 * 6 digits), written here independently of the server's library.
 */
import { createHmac } from "node:crypto";

function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/[\s=]/g, "").toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export const currentStep = (now = Date.now()) => Math.floor(now / 1000 / 30);

/** The code for a time step (default: now). */
export function totpCode(secret: string, step = currentStep()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 15;
  const number = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(number).padStart(6, "0");
}

/** A 6-digit code that is wrong for the steps around now. */
export function wrongCode(secret: string): string {
  const step = currentStep();
  const valid = new Set([-2, -1, 0, 1, 2].map((d) => totpCode(secret, step + d)));
  for (let n = 123456; ; n++) if (!valid.has(String(n))) return String(n);
}
