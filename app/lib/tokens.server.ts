import { createHash, randomBytes } from "node:crypto";

/** A random, URL-safe secret (256 bits). */
export const newToken = () => randomBytes(32).toString("base64url");

/** What we store instead of a secret: its SHA-256. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
