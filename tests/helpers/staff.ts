/**
 * Accounts and sessions made directly in the database, for integration and browser
 * tests: no clicking through the sign-in form. Needs a connected database (getDb()).
 */
import type { StaffPermission } from "../../app/auth/access.ts";
import { randomUUID } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { createSession, sessionCookieName } from "../../app/auth/session.server.ts";
import { eq } from "drizzle-orm";
import { getDb } from "../../app/db/client.server.ts";
import { adminUsers, type StaffRole } from "../../app/db/schema.ts";
import { createUser } from "../../app/features/staff/staff.server.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";

export const TEST_PASSWORD = "correct horse battery staple";

export interface TestAccountOptions {
  /** null: an account without staff access. */
  role: StaffRole | null;
  email?: string;
  password?: string;
  /** Editors: allowed to read form submissions (the same as `permissions: ["submissions"]`). */
  canSeeSubmissions?: boolean;
  /** Editors: the permissions granted (app/auth/access.ts). */
  permissions?: StaffPermission[];
}

/** A new account; `role: null` gives an account without staff access. */
export async function createTestAccount(options: TestAccountOptions) {
  const email = options.email ?? `${options.role ?? "norole"}-${randomUUID().slice(0, 8)}@example.org`;
  const password = options.password ?? TEST_PASSWORD;
  const user = await createUser({ email, password, role: options.role });
  const permissions = [...new Set([...(options.permissions ?? []), ...(options.canSeeSubmissions ? (["submissions"] as const) : [])])];
  if (permissions.length > 0) {
    await getDb().update(adminUsers).set({ permissions }).where(eq(adminUsers.user_id, user.id));
  }
  return { user, email: user.email, password };
}

/**
 * A signed-in account: the cookie a browser would hold after signing in. The session is a
 * full one, verified now (as after the password and any second factor), unless `pending`
 * asks for one still at the second sign-in step.
 */
export async function createSignedInAccount(options: TestAccountOptions & { secure?: boolean; pending?: "verify" | "enrol" }) {
  const account = await createTestAccount(options);
  const session = await createSession(account.user.id, { ip: "127.0.0.1", userAgent: "tests", pending: options.pending });
  return {
    ...account,
    token: session.token,
    sessionId: session.id,
    cookie: { name: sessionCookieName(options.secure ?? false), value: session.token },
  };
}

/** Loader/action arguments as React Router builds them, for calling guards directly. */
export function routeArgs(
  url: string,
  options: { token?: string | null; secure?: boolean; method?: string; ip?: string; cookies?: string } = {},
) {
  const cookies = [options.cookies, options.token ? `${sessionCookieName(options.secure ?? false)}=${options.token}` : null]
    .filter(Boolean)
    .join("; ");
  const request = new Request(new URL(url, "http://localhost"), {
    method: options.method ?? "GET",
    headers: cookies ? { Cookie: cookies } : {},
  });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: options.ip ?? "127.0.0.1", nonce: "", secure: options.secure ?? false });
  return { request, context, params: {} };
}
