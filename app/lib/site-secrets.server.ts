/**
 * Secrets every instance of the site shares (the toast cookie's signing key): made once,
 * on first use, and kept in the database (`site_secrets`), encrypted at rest with the
 * key of app/lib/secret-box.server.ts. Two instances starting at once agree: the first
 * insert wins and both read it back.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client.server.ts";
import { siteSecrets } from "../db/schema.ts";
import { decryptSecret, encryptSecret } from "./secret-box.server.ts";

const owner = (name: string) => `site-secret:${name}`;

/**
 * The secret called `name`, made (32 random bytes) when there is none yet. A stored value
 * that no longer decrypts (the encryption key was replaced) is replaced by a new one:
 * these secrets only protect short-lived values.
 */
export async function siteSecret(name: string): Promise<string> {
  const db = getDb();
  const fresh = () => encryptSecret(randomBytes(32).toString("base64url"), owner(name));
  await db.insert(siteSecrets).values({ name, value: fresh() }).onConflictDoNothing();
  const [row] = await db.select({ value: siteSecrets.value }).from(siteSecrets).where(eq(siteSecrets.name, name));
  try {
    return decryptSecret(row!.value, owner(name));
  } catch {
    const value = fresh();
    await db.update(siteSecrets).set({ value, created_at: new Date() }).where(eq(siteSecrets.name, name));
    return decryptSecret(value, owner(name));
  }
}
