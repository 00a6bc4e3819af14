import { randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A donation reference a person can read out: MCF-7K2QH9XD. */
export function newDonationReference(): string {
  const bytes = randomBytes(8);
  return `MCF-${[...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("")}`;
}

/** An unguessable token for links (Checkout return, stopping a monthly gift). */
export function newToken(): string {
  return randomBytes(24).toString("base64url");
}
