/** Who handles data protection: administrators and the editors given the permission. */
import { eq, or, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { adminUsers, users } from "../../db/schema.ts";

export interface DataProtectionStaff {
  id: string;
  email: string;
}

/** Everyone who may handle complaints and requests, or only `userId` when that one still may. */
export async function dataProtectionStaff(userId?: string | null): Promise<DataProtectionStaff[]> {
  const rows = await getDb()
    .select({ id: users.id, email: users.email })
    .from(adminUsers)
    .innerJoin(users, eq(users.id, adminUsers.user_id))
    .where(or(eq(adminUsers.role, "administrator"), sql`'data-protection' = any(${adminUsers.permissions})`))
    .orderBy(users.email);
  if (userId) {
    const one = rows.filter((r) => r.id === userId);
    if (one.length) return one;
  }
  return rows;
}
