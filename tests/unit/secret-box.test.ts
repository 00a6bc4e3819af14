/**
 * Secrets at rest: the key comes from SECRET_ENCRYPTION_KEY or a key file made with mode
 * 0600 in DATA_DIR (beside the database folder, not in it); a managed database in
 * production needs the variable; values do not decrypt for another owner, when altered,
 * or under another key.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readConfig } from "../../app/lib/config.server.ts";
import { decryptSecret, encryptSecret, isEncrypted, keyFilePath, prepareSecretKey } from "../../app/lib/secret-box.server.ts";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-key-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

describe("secret box", () => {
  it("makes a 0600 key file in DATA_DIR on the embedded database, and keeps using it", () => {
    const dataDir = tempDir();
    prepareSecretKey(readConfig({ DATA_DIR: dataDir, NODE_ENV: "test" }), true);
    const file = keyFilePath(dataDir);
    expect(path.dirname(file)).toBe(dataDir);
    expect(file.startsWith(path.join(dataDir, "pg"))).toBe(false);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const stored = encryptSecret(SECRET, "user-a");
    expect(isEncrypted(stored)).toBe(true);
    expect(stored).not.toContain(SECRET);
    expect(encryptSecret(SECRET, "user-a")).not.toBe(stored); // a fresh IV each time
    expect(decryptSecret(stored, "user-a")).toBe(SECRET);

    // Another start on the same folder reads the same key.
    prepareSecretKey(readConfig({ DATA_DIR: dataDir, NODE_ENV: "test" }), true);
    expect(decryptSecret(stored, "user-a")).toBe(SECRET);
    // Another folder's key does not decrypt it.
    prepareSecretKey(readConfig({ DATA_DIR: tempDir(), NODE_ENV: "test" }), true);
    expect(() => decryptSecret(stored, "user-a")).toThrow();
  });

  it("refuses a value moved to another owner or altered; reads a value stored before encryption as is", () => {
    prepareSecretKey(readConfig({ DATA_DIR: tempDir(), NODE_ENV: "test" }), true);
    const stored = encryptSecret(SECRET, "user-a");
    expect(() => decryptSecret(stored, "user-b")).toThrow();
    const raw = Buffer.from(stored.slice("enc:v1:".length), "base64url");
    raw[raw.length - 1] ^= 1;
    expect(() => decryptSecret("enc:v1:" + raw.toString("base64url"), "user-a")).toThrow();
    expect(decryptSecret(SECRET, "user-a")).toBe(SECRET);
  });

  it("uses SECRET_ENCRYPTION_KEY when set (no key file); a managed database in production needs it", () => {
    const dataDir = tempDir();
    const key = Buffer.alloc(32, 9).toString("base64");
    prepareSecretKey(readConfig({ DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: "postgres://db/x", SECRET_ENCRYPTION_KEY: key }), false);
    expect(fs.existsSync(keyFilePath(dataDir))).toBe(false);
    const stored = encryptSecret(SECRET, "user-a");
    prepareSecretKey(readConfig({ DATA_DIR: tempDir(), NODE_ENV: "test", SECRET_ENCRYPTION_KEY: key }), true);
    expect(decryptSecret(stored, "user-a")).toBe(SECRET);

    expect(() => prepareSecretKey(readConfig({ DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: "postgres://db/x" }), false)).toThrow(
      /SECRET_ENCRYPTION_KEY is not set/,
    );
    expect(fs.existsSync(keyFilePath(dataDir))).toBe(false);
    expect(() => readConfig({ SECRET_ENCRYPTION_KEY: "too-short" })).toThrow(/SECRET_ENCRYPTION_KEY must be 32 bytes/);
  });
});
