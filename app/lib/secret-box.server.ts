/**
 * Encryption at rest of secrets the server must read back (second-factor TOTP secrets):
 * AES-256-GCM with node:crypto, a fresh 96-bit IV per value, and the owner's id as
 * additional data, so a value copied into another row does not decrypt there.
 *
 * The key lives outside the database: SECRET_ENCRYPTION_KEY when set, otherwise a key
 * file made once with mode 0600 in DATA_DIR (beside the embedded database's folder, not
 * inside it). A deployment on a managed PostgreSQL (DATABASE_URL) must set the variable
 * in production: the server refuses to start without it. Values are stored as
 * `enc:v1:` + base64url(IV | tag | ciphertext); anything else is a value written before
 * encryption, read as is and encrypted at the next start.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config, type AppConfig } from "./config.server.ts";

const PREFIX = "enc:v1:";
const KEY_FILE = "secret-encryption.key";
const IV_BYTES = 12;
const TAG_BYTES = 16;

let key: Buffer | undefined;

/** The key file's path for a data folder. */
export const keyFilePath = (dataDir: string) => path.join(dataDir, KEY_FILE);

function readOrCreateKeyFile(dataDir: string): Buffer {
  const file = keyFilePath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  try {
    // "wx": two processes starting at once cannot both create it.
    fs.writeFileSync(file, randomBytes(32).toString("base64") + "\n", { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const value = Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
  if (value.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return value;
}

/**
 * Chooses the key for this process (at start-up, when the database is opened): the
 * variable, or the key file in DATA_DIR. Refuses a managed database in production without
 * the variable, where a key file on one server's disk would be lost with the server.
 */
export function prepareSecretKey(settings: AppConfig, embedded: boolean): void {
  if (settings.SECRET_ENCRYPTION_KEY) {
    key = Buffer.from(settings.SECRET_ENCRYPTION_KEY, "base64");
    return;
  }
  if (!embedded && settings.NODE_ENV === "production") {
    throw new Error(
      "SECRET_ENCRYPTION_KEY is not set. With DATABASE_URL it is required: set it to 32 random bytes, base64 (openssl rand -base64 32), and keep it outside the database.",
    );
  }
  key = readOrCreateKeyFile(settings.dataDir);
}

function currentKey(): Buffer {
  if (!key) prepareSecretKey(config(), !config().DATABASE_URL);
  return key!;
}

export const isEncrypted = (stored: string) => stored.startsWith(PREFIX);

/** Encrypts `plain` for the row of `owner` (used as additional data). */
export function encryptSecret(plain: string, owner: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", currentKey(), iv);
  cipher.setAAD(Buffer.from(owner));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** Decrypts a stored value of `owner`; a value written before encryption is returned as is. Throws when it was tampered with or the key is wrong. */
export function decryptSecret(stored: string, owner: string): string {
  if (!isEncrypted(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", currentKey(), raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(owner));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}
