import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signIn } from "../../app/auth/login.server.ts";
import { ADDRESS_FREE_FAILURES, throttleKeys } from "../../app/auth/throttle.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { auditLog, loginThrottle } from "../../app/db/schema.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { createTestAccount, TEST_PASSWORD } from "../helpers/staff.ts";

setupTestDatabase();

/** Pretends the current wait is over (instead of sleeping in the test). */
const endWait = (key: string) =>
  getDb().update(loginThrottle).set({ blocked_until: sql`now() - interval '1 millisecond'` }).where(eq(loginThrottle.key, key));

describe("sign-in throttling per account", () => {
  it("backs off 1 s, 2 s, 4 s ... after each failure and answers 'busy' while blocked", async () => {
    const { email } = await createTestAccount({ role: "editor" });
    const key = throttleKeys(email, "x").account;
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const failed = await signIn({ email, password: "wrong password!!", ip: `192.0.2.${i + 1}` });
      expect(failed).toMatchObject({ ok: false, reason: "invalid" });
      waits.push(failed.ok ? 0 : failed.retryAfterMs);
      // While blocked, even the right password is not checked.
      const blocked = await signIn({ email, password: TEST_PASSWORD, ip: `192.0.2.${i + 1}` });
      expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
      await endWait(key);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
  });

  it("caps the wait at 60 s", async () => {
    const { email } = await createTestAccount({ role: "editor" });
    const key = throttleKeys(email, "x").account;
    let last = 0;
    for (let i = 0; i < 9; i++) {
      const failed = await signIn({ email, password: "wrong password!!", ip: `192.0.2.${50 + i}` });
      last = failed.ok ? 0 : failed.retryAfterMs;
      await endWait(key);
    }
    expect(last).toBe(60_000);
  });

  it("lets a throttled account sign in once the wait has passed, and then starts again from zero", async () => {
    const { email } = await createTestAccount({ role: "editor" });
    const key = throttleKeys(email, "x").account;
    for (let i = 0; i < 3; i++) {
      await signIn({ email, password: "wrong password!!", ip: "192.0.2.100" });
      await endWait(key);
    }
    expect((await signIn({ email, password: TEST_PASSWORD, ip: "192.0.2.100" })).ok).toBe(true);
    expect(await getDb().select().from(loginThrottle).where(eq(loginThrottle.key, key))).toHaveLength(0);
    const next = await signIn({ email, password: "wrong password!!", ip: "192.0.2.101" });
    expect(next).toMatchObject({ reason: "invalid", retryAfterMs: 1000 });
  });

  it("really waits: blocked now, allowed after the wait", async () => {
    const { email } = await createTestAccount({ role: "editor" });
    await signIn({ email, password: "wrong password!!", ip: "192.0.2.150" });
    expect(await signIn({ email, password: TEST_PASSWORD, ip: "192.0.2.150" })).toMatchObject({ reason: "throttled" });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await signIn({ email, password: TEST_PASSWORD, ip: "192.0.2.150" })).ok).toBe(true);
  });

  it("throttles an unknown email the same way (no hint that it does not exist)", async () => {
    const email = "ghost@example.org";
    await signIn({ email, password: "guess number one", ip: "192.0.2.200" });
    expect(await signIn({ email, password: "guess number two", ip: "192.0.2.201" })).toMatchObject({ reason: "throttled" });
  });

  it("audits throttled attempts", async () => {
    const rows = await getDb().select().from(auditLog).where(eq(auditLog.action, "auth.sign_in_throttled"));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0].ip).toMatch(/^192\.0\.2\./);
  });
});

describe("sign-in throttling per address", () => {
  it(`backs off an address that fails for many accounts (after ${ADDRESS_FREE_FAILURES} free failures)`, async () => {
    const ip = "198.51.100.77";
    // Made first: the block after the sixth failure lasts 1 s, so nothing slow may sit between them.
    const { email } = await createTestAccount({ role: "editor" });
    for (let i = 0; i < ADDRESS_FREE_FAILURES; i++) {
      const result = await signIn({ email: `spray-${i}@example.org`, password: "Winter2025!!!!", ip });
      expect(result).toMatchObject({ reason: "invalid", retryAfterMs: 1000 });
    }
    const sixth = await signIn({ email: "spray-x@example.org", password: "Winter2025!!!!", ip });
    expect(sixth).toMatchObject({ reason: "invalid", retryAfterMs: 1000 });
    // Now the address itself is blocked, for any account, even a right password.
    expect(await signIn({ email, password: TEST_PASSWORD, ip })).toMatchObject({ reason: "throttled" });
    // Another address is not affected.
    expect((await signIn({ email, password: TEST_PASSWORD, ip: "198.51.100.78" })).ok).toBe(true);
  });

  it("treats one IPv6 /64 as one address", async () => {
    const prefix = "2001:db8:aa:bb";
    const { email } = await createTestAccount({ role: "editor" });
    for (let i = 0; i <= ADDRESS_FREE_FAILURES; i++) {
      await signIn({ email: `v6-${i}@example.org`, password: "Winter2025!!!!", ip: `${prefix}::${i + 1}` });
    }
    expect(await signIn({ email, password: TEST_PASSWORD, ip: `${prefix}:1234:5678:9abc:def0` })).toMatchObject({ reason: "throttled" });
  });
});
