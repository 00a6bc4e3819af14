/**
 * Accounts and staff access. An account (users) may sign in; a row in admin_users with
 * a role (administrator or editor) gives it access to the admin area.
 */
import type { AuditAction } from "../../domain/audit/describe.ts";
import { and, count, eq, ilike, isNull, sql, type SQL } from "drizzle-orm";
import { createOneTimeLink } from "../../auth/one-time-links.server.ts";
import { hashPassword } from "../../auth/password.server.ts";
import { getDb } from "../../db/client.server.ts";
import { adminUsers, sessions, users, type StaffRole } from "../../db/schema.ts";
import type { StaffPermission } from "../../auth/access.ts";
import { sendMail } from "../../mail/mailer.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { containsPattern } from "../../db/like.ts";
import type { AccountFilters } from "./account-filters.ts";

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

// ---------------------------------------------------------------------------------------
// The Users screen: listing, granting, changing and revoking staff access, invitations
// and password resets. Every change is written to the audit log in the same transaction.

export const LAST_ADMINISTRATOR_MESSAGE =
  "There must always be at least one administrator. Make another account an administrator first.";

interface AccountRow {
  id: string;
  email: string;
  role: StaffRole | null;
  /** Editors: the permissions granted (administrators have them all). */
  permissions: StaffPermission[];
  lastLoginAt: Date | null;
  hasPassword: boolean;
  createdAt: Date;
}

/** Accounts per page of the Users screen. */
const ACCOUNTS_PAGE_SIZE = 25;

function accountsWhere(filters: Pick<AccountFilters, "q" | "access">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.q) conditions.push(ilike(users.email, containsPattern(filters.q)));
  if (filters.access === "none") conditions.push(isNull(adminUsers.role));
  else if (filters.access !== "all") conditions.push(eq(adminUsers.role, filters.access));
  return and(...conditions);
}

/**
 * One page of accounts matching the filters, staff first (administrators, then editors,
 * then accounts without staff access), each group by email; with how many match and the
 * page shown (the last one when the address asks past the end).
 */
export async function listAccounts(filters: AccountFilters, pageSize = ACCOUNTS_PAGE_SIZE) {
  const db = getDb();
  const where = accountsWhere(filters);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).leftJoin(adminUsers, eq(adminUsers.user_id, users.id)).where(where);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(filters.page, pages);
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      role: adminUsers.role,
      permissions: adminUsers.permissions,
      lastLoginAt: users.last_login_at,
      passwordHash: users.password_hash,
      createdAt: users.created_at,
    })
    .from(users)
    .leftJoin(adminUsers, eq(adminUsers.user_id, users.id))
    .where(where)
    .orderBy(sql`case ${adminUsers.role} when 'administrator' then 0 when 'editor' then 1 else 2 end`, users.email, users.id)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const items: AccountRow[] = rows.map(({ passwordHash, ...row }) => ({
    ...row,
    role: row.role ?? null,
    permissions: row.permissions ?? [],
    hasPassword: Boolean(passwordHash),
  }));
  return { items, total, page, pages };
}

type Tx = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

/**
 * Locks every administrator row (FOR UPDATE), so two transactions that each would remove
 * an administrator run one after the other: the second sees the first's change.
 */
async function lockedAdministratorCount(tx: Tx): Promise<number> {
  const rows = await tx.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.role, "administrator")).for("update");
  return rows.length;
}

/** Grants staff access with a role to an existing account (or changes its role). */
export async function grantAccess(email: string, role: StaffRole, actor: AuditActor) {
  const user = await findUserByEmail(email);
  if (!user) throw new StaffError(`No account with the email ${email.trim().toLowerCase()}`);
  return setRole(user.id, role, actor, "staff.access_granted");
}

/** Account ids are UUIDs: anything else names no account (and never reaches a query). */
const isAccountId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * Sets the role of an account; refuses to demote the last administrator. A demotion
 * ends the account's sessions (it signs in again with its new role).
 */
export async function setRole(userId: string, role: StaffRole, actor: AuditActor, action: AuditAction = "staff.role_changed") {
  if (!isAccountId(userId)) throw new StaffError("No such account");
  return getDb().transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new StaffError("No such account");
    const administrators = await lockedAdministratorCount(tx);
    const [current] = await tx.select().from(adminUsers).where(eq(adminUsers.user_id, userId)).for("update");
    if (current?.role === "administrator" && role !== "administrator" && administrators <= 1) {
      throw new StaffError(LAST_ADMINISTRATOR_MESSAGE);
    }
    if (current) await tx.update(adminUsers).set({ role }).where(eq(adminUsers.user_id, userId));
    else await tx.insert(adminUsers).values({ user_id: userId, role });
    if (current?.role === "administrator" && role !== "administrator") await tx.delete(sessions).where(eq(sessions.user_id, userId));
    await recordAudit(actor, current ? action : "staff.access_granted", {
      entity: "user",
      entityId: userId,
      details: { email: user.email, role, previousRole: current?.role ?? null },
    }, tx);
    return { userId, email: user.email, role, previousRole: current?.role ?? null };
  });
}

/**
 * Grants or withdraws one permission of an editor (form submissions, door check-in,
 * supporters, donations, data protection). Administrators have them all, so this applies
 * to editors only.
 */
export async function setPermission(userId: string, permission: StaffPermission, allowed: boolean, actor: AuditActor) {
  if (!isAccountId(userId)) throw new StaffError("No such staff account");
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ email: users.email, role: adminUsers.role })
      .from(adminUsers)
      .innerJoin(users, eq(users.id, adminUsers.user_id))
      .where(eq(adminUsers.user_id, userId))
      .for("update");
    if (!row) throw new StaffError("No such staff account");
    if (row.role !== "editor") throw new StaffError("Administrators have every permission");
    await tx
      .update(adminUsers)
      .set({
        permissions: allowed
          ? sql`array(select distinct unnest(array_append(${adminUsers.permissions}, ${permission}::text)) order by 1)`
          : sql`array_remove(${adminUsers.permissions}, ${permission}::text)`,
      })
      .where(eq(adminUsers.user_id, userId));
    await recordAudit(actor, allowed ? "staff.permission_granted" : "staff.permission_withdrawn", {
      entity: "user",
      entityId: userId,
      details: { email: row.email, permission },
    }, tx);
    return { email: row.email, allowed };
  });
}

/**
 * Removes staff access (the account stays) and ends the account's sessions, so nothing
 * of them works again if access is granted later; refuses to remove the last administrator.
 */
export async function revokeAccess(userId: string, actor: AuditActor) {
  if (!isAccountId(userId)) throw new StaffError("No such account");
  return getDb().transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new StaffError("No such account");
    const administrators = await lockedAdministratorCount(tx);
    const [current] = await tx.select().from(adminUsers).where(eq(adminUsers.user_id, userId)).for("update");
    if (!current) throw new StaffError(`${user.email} has no staff access`);
    if (current.role === "administrator" && administrators <= 1) throw new StaffError(LAST_ADMINISTRATOR_MESSAGE);
    await tx.delete(adminUsers).where(eq(adminUsers.user_id, userId));
    await tx.delete(sessions).where(eq(sessions.user_id, userId));
    await recordAudit(actor, "staff.access_revoked", {
      entity: "user",
      entityId: userId,
      details: { email: user.email, previousRole: current.role },
    }, tx);
    return { email: user.email };
  });
}


export interface IssuedLink {
  email: string;
  url: string;
  expiresAt: Date;
  mailed: boolean;
}

/**
 * Invites a person: creates the account without a password (with a role) and a one-time
 * set-password link valid 7 days, mailed when mail is configured.
 */
export async function inviteUser(email: string, role: StaffRole, actor: AuditActor, origin: string): Promise<IssuedLink> {
  const user = await createUser({ email, role });
  const link = await createOneTimeLink("invite", { userId: user.id, createdBy: actor.userId ?? null });
  const url = `${origin}${link.path}`;
  const mail = await sendMail({
    to: user.email,
    subject: "You're invited to the Millbrook Community Foundation admin area",
    text: `Hello,\n\nYou have been invited to the Millbrook Community Foundation admin area as ${role === "administrator" ? "an administrator" : "an editor"}.\n\nChoose your password here (the link works once and for 7 days):\n${url}\n\nIf you did not expect this, you can ignore this email.\n`,
  });
  await recordAudit(actor, "staff.invited", {
    entity: "user",
    entityId: user.id,
    details: { email: user.email, role, mailed: mail.sent },
  });
  return { email: user.email, url, expiresAt: link.expiresAt, mailed: mail.sent };
}

/** A one-time password reset link (1 hour) for an account, mailed when mail is configured. */
export async function createPasswordReset(userId: string, actor: AuditActor, origin: string): Promise<IssuedLink> {
  const user = isAccountId(userId) ? await findUserById(userId) : null;
  if (!user) throw new StaffError("No such account");
  const link = await createOneTimeLink("reset", { userId: user.id, createdBy: actor.userId ?? null });
  const url = `${origin}${link.path}`;
  const mail = await sendMail({
    to: user.email,
    subject: "Reset your Millbrook Community Foundation admin password",
    text: `Hello,\n\nAn administrator has created a link for you to set a new password for the Millbrook Community Foundation admin area.\n\nThe link works once and for 1 hour:\n${url}\n\nIf you did not ask for this, tell an administrator.\n`,
  });
  await recordAudit(actor, "staff.password_reset_link", {
    entity: "user",
    entityId: user.id,
    details: { email: user.email, mailed: mail.sent },
  });
  return { email: user.email, url, expiresAt: link.expiresAt, mailed: mail.sent };
}

/** The name a staff member signs their work with (null or empty: none). */
export async function setStaffName(userId: string, name: string, actor: AuditActor): Promise<void> {
  const value = name.trim() === "" ? null : name.trim();
  await getDb().update(users).set({ name: value }).where(eq(users.id, userId));
  await recordAudit(actor, "staff.name_changed", { entity: "user", entityId: userId, details: { name: value ?? "" } });
}
