/**
 * Access control for the admin area. The server decides every access:
 *
 * - `staffMiddleware` runs on the admin layout route, so it runs before every admin
 *   loader and action, for document, navigation and fetcher requests alike. It checks the
 *   session and the role the path needs (see `minimumRoleForPath`).
 * - `requireStaff(args, role)` is called by every admin loader and action as well (defence
 *   in depth, and it gives the route the signed-in staff member).
 *
 * Anonymous: redirect to /admin/login?redirectTo=<path>. Signed in without a staff role:
 * 403 "no access". Editor on an administrator page: 403. The session row and the role are
 * read on every request, so a deleted session or revoked access counts from the next one.
 */
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { StaffRole } from "../db/schema.ts";
import { requestInfoContext } from "../lib/request-context.ts";
import { toastCookie } from "../lib/toast.server.ts";
import { loginUrl } from "./redirect.ts";
import {
  clearSessionCookie,
  lookupSession,
  readSessionToken,
  type SessionLookup,
} from "./session.server.ts";

export type { StaffRole };

export interface StaffIdentity {
  user: { id: string; email: string };
  role: StaffRole;
  sessionId: string;
  /** Milliseconds before the session ends unless it is used (for the inactivity warning). */
  remainingMs: number;
  /** The session's absolute end (it cannot be extended past this). */
  expiresAt: Date;
}

/** What loaders and actions receive: `{ request, context }` is enough. */
export interface GuardArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** Why a 403 was answered; rendered by the admin layout's error boundary. */
export type AccessDenied = { denied: "no-access"; email: string } | { denied: "role"; required: StaffRole };

export const INACTIVITY_MESSAGE = "You've been logged out due to inactivity";

const RANK: Record<StaffRole, number> = { editor: 1, administrator: 2 };
export const hasRole = (role: StaffRole | null | undefined, minimum: StaffRole) =>
  role ? RANK[role] >= RANK[minimum] : false;

/** Set by `staffMiddleware` for the rest of the request. */
export const staffContext = createContext<StaffIdentity | null>(null);

/** Admin paths only administrators may reach (the rest of /admin is for editors too). */
export const ADMINISTRATOR_PATHS = ["/admin/users", "/admin/settings", "/admin/audit-log", "/admin/data-protection", "/admin/donations"];

/** The request's page path: without React Router's `.data` suffix, lower-cased, single slashes. */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  let path = url.pathname.replace(/\/{2,}/g, "/");
  if (path.endsWith("/_root.data")) path = path.slice(0, -"/_root.data".length) || "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path;
}

export function minimumRoleForPath(path: string): StaffRole {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    /* keep as is */
  }
  const lower = decoded.toLowerCase();
  return ADMINISTRATOR_PATHS.some((p) => lower === p || lower.startsWith(`${p}/`)) ? "administrator" : "editor";
}

// One session lookup per request, shared by the middleware and the route's own checks.
const lookups = new WeakMap<object, Promise<SessionLookup>>();

function sessionOf(args: GuardArgs, touch: boolean): Promise<SessionLookup> {
  const key = args.context as object;
  let lookup = lookups.get(key);
  if (!lookup) {
    const { secure } = args.context.get(requestInfoContext);
    lookup = lookupSession(readSessionToken(args.request, secure), { touch });
    lookups.set(key, lookup);
  }
  return lookup;
}

function sendToLogin(args: GuardArgs, lookup: SessionLookup): never {
  const { secure } = args.context.get(requestInfoContext);
  const headers = new Headers();
  if (lookup.status === "expired") {
    headers.append("Set-Cookie", clearSessionCookie({ secure }));
    if (lookup.reason === "idle") headers.append("Set-Cookie", toastCookie({ type: "info", message: INACTIVITY_MESSAGE }));
  }
  const url = new URL(args.request.url);
  const path = pagePath(args.request);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  const here = args.request.method === "GET" ? path + (search ? `?${search}` : "") : path;
  throw redirect(loginUrl(here), { headers });
}

/**
 * The signed-in staff member, or a thrown response: redirect to sign-in (anonymous or
 * expired session) or 403 (no staff role, or a role below `minimumRole`).
 */
export async function requireStaff(args: GuardArgs, minimumRole: StaffRole = "editor"): Promise<StaffIdentity> {
  const lookup = await sessionOf(args, true);
  if (lookup.status !== "active") sendToLogin(args, lookup);
  const { session } = lookup;
  if (!session.role) {
    throw data<AccessDenied>({ denied: "no-access", email: session.email }, { status: 403, statusText: "Forbidden" });
  }
  if (!hasRole(session.role, minimumRole)) {
    throw data<AccessDenied>({ denied: "role", required: minimumRole }, { status: 403, statusText: "Forbidden" });
  }
  return {
    user: { id: session.userId, email: session.email },
    role: session.role,
    sessionId: session.id,
    remainingMs: session.remainingMs,
    expiresAt: session.expiresAt,
  };
}

/**
 * The signed-in account, staff or not, without redirecting (sign-out, the no-access page).
 */
export async function getSignedInAccount(args: GuardArgs) {
  const lookup = await sessionOf(args, false);
  return lookup.status === "active" ? lookup.session : null;
}

/** For public pages: the staff member when one is signed in, otherwise null. Never redirects. */
export async function getOptionalStaff(args: GuardArgs): Promise<StaffIdentity | null> {
  const session = await getSignedInAccount(args);
  if (!session?.role) return null;
  return {
    user: { id: session.userId, email: session.email },
    role: session.role,
    sessionId: session.id,
    remainingMs: session.remainingMs,
    expiresAt: session.expiresAt,
  };
}

/**
 * Route middleware for the admin layout: every admin request passes here first.
 * Admin responses are never cached (so Back after sign-out shows nothing).
 */
export const staffMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const staff = await requireStaff(args, minimumRoleForPath(pagePath(args.request)));
  args.context.set(staffContext, staff);
  const response = await next();
  try {
    response.headers.set("Cache-Control", "no-store");
  } catch {
    /* immutable headers: leave them */
  }
  return response;
};

/** The staff member the middleware found (inside the admin layout), else a fresh check. */
export async function currentStaff(args: GuardArgs): Promise<StaffIdentity> {
  return args.context.get(staffContext) ?? requireStaff(args);
}
