/**
 * Accounts and staff access. An account (users) may sign in; a row in admin_users with
 * a role (administrator or editor) gives it access to the admin area.
 */
import { count, eq, sql } from "drizzle-orm";
import { hashPassword } from "../auth/password.server.ts";
import { getDb } from "../db/client.server.ts";
import { adminUsers, users, type StaffRole } from "../db/schema.ts";

export class StaffError extends Error {}

export async function findUserByEmail(email: string) {
  const [user] = await getDb()
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user ?? null;
}

export async function findUserById(id: string) {
  const [user] = await getDb().select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export async function createUser(input: { email: string; password?: string | null; role?: StaffRole | null }) {
  const db = getDb();
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(email)) throw new StaffError(`An account with the email ${email} already exists.`);
  const password_hash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values({ email, password_hash }).returning();
    if (input.role) await tx.insert(adminUsers).values({ user_id: user.id, role: input.role });
    return user;
  });
}

export async function setPassword(userId: string, password: string) {
  await getDb()
    .update(users)
    .set({ password_hash: await hashPassword(password), updated_at: sql`now()` })
    .where(eq(users.id, userId));
}

export async function countAdministrators(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(adminUsers).where(eq(adminUsers.role, "administrator"));
  return row.n;
}

export async function roleOf(userId: string): Promise<StaffRole | null> {
  const [row] = await getDb().select({ role: adminUsers.role }).from(adminUsers).where(eq(adminUsers.user_id, userId));
  return row?.role ?? null;
}
