import { spawnSync } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "../../app/auth/password.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { adminUsers, users } from "../../app/db/schema.ts";
import { findUserByEmail } from "../../app/features/staff/staff.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

const database = setupTestDatabase();
const script = path.resolve("scripts/create-user.ts");

function createUser(...args: string[]) {
  const result = spawnSync(process.execPath, [script, ...args], {
    env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "test", LOG_LEVEL: "silent" },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe("npm run create-user", () => {
  it("creates an administrator with a hashed password", async () => {
    const run = createUser("--email", "Chair@Example.org", "--password", "a long enough password", "--role", "administrator");
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toContain("Created chair@example.org with the role administrator.");
    const user = await findUserByEmail("chair@example.org");
    expect(user).not.toBeNull();
    expect(await verifyPassword("a long enough password", user!.password_hash!)).toBe(true);
    const [access] = await getDb().select().from(adminUsers).where(eq(adminUsers.user_id, user!.id));
    expect(access.role).toBe("administrator");
  });

  it("creates an account without staff access when --role is left out", async () => {
    const run = createUser("--email", "volunteer@example.org", "--password", "a long enough password");
    expect(run.code).toBe(0);
    const user = await findUserByEmail("volunteer@example.org");
    expect(await getDb().select().from(adminUsers).where(eq(adminUsers.user_id, user!.id))).toHaveLength(0);
  });

  it.each([
    [["--email", "a@example.org", "--password", "short"], /at least 12 characters/],
    [["--email", "not-an-email", "--password", "a long enough password"], /valid email/],
    [["--email", "a@example.org", "--password", "a long enough password", "--role", "owner"], /administrator or editor/],
    [["--password", "a long enough password"], /--email is required/],
    [["--email", "a@example.org"], /--password is required/],
    [["--email", "a@example.org", "--password", "a long enough password", "--bogus"], /Unknown option/],
    [["stray"], /Unexpected argument|positional/i],
  ])("refuses %j with a clear message and a non-zero exit", async (args, message) => {
    const run = createUser(...args);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
    expect(run.err).toContain("Usage: npm run create-user");
    expect(await findUserByEmail("a@example.org")).toBeNull();
  });

  it.each([
    ["qwerty123456", /too common/],
    ["janedoe secret pass", /must not contain your email address/],
    ["I work at Millbrook", /must not contain the charity's name/],
  ])("refuses the password %j under the password rules", async (password, message) => {
    const run = createUser("--email", "janedoe@example.org", "--password", password);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(message);
    expect(await findUserByEmail("janedoe@example.org")).toBeNull();
  });

  it("refuses a duplicate email", async () => {
    createUser("--email", "twice@example.org", "--password", "a long enough password");
    const run = createUser("--email", "TWICE@example.org", "--password", "another long password");
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/already exists/);
    expect(await getDb().select().from(users).where(eq(users.email, "twice@example.org"))).toHaveLength(1);
  });
});
