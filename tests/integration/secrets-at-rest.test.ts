/**
 * TOTP secrets at rest: the database column holds no usable secret (only a value
 * encrypted under a key kept outside the database, bound to its owner), secrets stored
 * before encryption keep working and are encrypted at start-up.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { confirmEnrolment, encryptPlaintextSecrets, startEnrolment, verifySecondFactor } from "../../app/auth/two-factor.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { staffFactors } from "../../app/db/schema.ts";
import { createTestAccount } from "../helpers/staff.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { currentStep, totpCode } from "../helpers/totp.ts";

setupTestDatabase();

const storedSecret = async (userId: string) =>
  (await getDb().select({ secret: staffFactors.secret }).from(staffFactors).where(eq(staffFactors.user_id, userId)))[0]!.secret;

describe("TOTP secrets at rest", () => {
  it("stores the secret encrypted: the column's value gives no working code, the app's secret does", async () => {
    const editor = await createTestAccount({ role: "editor" });
    const { secretGroups } = await startEnrolment(editor.user.id, editor.email);
    const secret = secretGroups.replace(/\s/g, "");
    const column = await storedSecret(editor.user.id);
    expect(column.startsWith("enc:v1:")).toBe(true);
    expect(column).not.toContain(secret);
    // Whatever someone with the database tries as the secret, the codes are wrong.
    for (const guess of [column, column.slice("enc:v1:".length), column.replace(/[^A-Z2-7]/g, "")]) {
      expect(await confirmEnrolment(editor.user.id, totpCode(guess, currentStep()))).toBeNull();
    }
    // The page shows the same secret again while the enrolment waits (decrypted for it).
    expect((await startEnrolment(editor.user.id, editor.email)).secretGroups).toBe(secretGroups);
    expect(await confirmEnrolment(editor.user.id, totpCode(secret, currentStep() - 1))).toHaveLength(10);
    expect(await verifySecondFactor(editor.user.id, totpCode(secret, currentStep()))).toBe("totp");
  });

  it("an encrypted secret copied into another account's row does not work there", async () => {
    const a = await createTestAccount({ role: "editor" });
    const b = await createTestAccount({ role: "editor" });
    const secretA = (await startEnrolment(a.user.id, a.email)).secretGroups.replace(/\s/g, "");
    await confirmEnrolment(a.user.id, totpCode(secretA, currentStep() - 1));
    await startEnrolment(b.user.id, b.email);
    await getDb().update(staffFactors).set({ secret: await storedSecret(a.user.id) }).where(eq(staffFactors.user_id, b.user.id));
    expect(await confirmEnrolment(b.user.id, totpCode(secretA, currentStep()))).toBeNull();
  });

  it("a secret stored before encryption keeps working and is encrypted at start-up", async () => {
    const editor = await createTestAccount({ role: "editor" });
    const legacy = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await getDb().insert(staffFactors).values({ user_id: editor.user.id, secret: legacy, confirmed_at: new Date() });
    expect(await verifySecondFactor(editor.user.id, totpCode(legacy, currentStep() - 1))).toBe("totp");

    expect(await encryptPlaintextSecrets()).toBeGreaterThanOrEqual(1);
    const column = await storedSecret(editor.user.id);
    expect(column.startsWith("enc:v1:")).toBe(true);
    expect(column).not.toContain(legacy);
    expect(await encryptPlaintextSecrets()).toBe(0);
    expect(await verifySecondFactor(editor.user.id, totpCode(legacy, currentStep()))).toBe("totp");
  });
});
