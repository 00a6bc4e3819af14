/**
 * Access control for the admin area. The server decides every access, and the route
 * table declares it: each admin screen sits under a layout whose middleware checks what
 * its screens need, before any loader or action runs (documents, navigations, fetchers
 * and resources alike):
 *
 * - `routes/admin/layout.tsx`: any staff member (editor or administrator);
 * - `routes/admin/submissions/layout.tsx`: staff who may read form submissions;
 * - `routes/admin/admin-only/layout.tsx`: administrators.
 *
 * Each middleware puts the staff member in the router context, where loaders and actions
 * read it (`currentStaff`). Anonymous: redirect to /admin/login?redirectTo=<path>.
 * Signed in without a staff role: 403 "no access". Staff without what the screen needs:
 * 403. The session row and the role are read on every request, so a deleted session or
 * revoked access counts from the next one.
 */
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { StaffRole } from "../db/schema.ts";
import type { StaffPermission } from "./access.ts";
import { logger } from "../lib/logger.server.ts";
import { requestInfoContext } from "../lib/request-context.ts";
import { toastCookie } from "../lib/toast.server.ts";
import { allows, PERMISSION_LABELS, type Access } from "./access.ts";
import { loginUrl, stepUrl } from "./redirect.ts";
import {
  clearSessionCookie,
  lookupSession,
  readSessionToken,
  type ActiveSession,
  type SessionLookup,
} from "./session.server.ts";

export type { Access,  };
export { allows };

export interface StaffIdentity {
  user: { id: string; email: string };
  role: StaffRole;
  /** The permissions of an editor (administrators have them all: ask with `allows`). */
  permissions: StaffPermission[];
  sessionId: string;
  /** Milliseconds before the session ends unless it is used (for the inactivity warning). */
  remainingMs: number;
  /** The session's absolute end (it cannot be extended past this). */
  expiresAt: Date;
  /** Milliseconds since the password or second factor was last checked in this session. */
  verifiedAgoMs: number;
}

/** What loaders and actions receive: `{ request, context }` is enough. */
export interface GuardArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** Why a 403 was answered; rendered by the admin layout's error boundary. */
type AccessDenied = { denied: "no-access"; email: string } | { denied: "access"; required: Exclude<Access, "staff">; why: string };

/** What the 403 page says: why the section is closed to them, and who can open it. */
const whyDenied = (access: Access) => (access === "administrator" || access === "staff" ? "This section is for administrators only." : PERMISSION_LABELS[access].why);

export const INACTIVITY_MESSAGE = "You've been logged out due to inactivity";

/** Set by `staffMiddleware` for the rest of the request. */
const staffContext = createContext<StaffIdentity | null>(null);

/** The request's page path: without React Router's `.data` suffix, lower-cased, single slashes. */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  let path = url.pathname.replace(/\/{2,}/g, "/");
  if (path.endsWith("/_root.data")) path = path.slice(0, -"/_root.data".length) || "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path;
}

/** The admin layout's route id: its loader runs on every navigation and form submission. */
const ADMIN_LAYOUT_ROUTE_ID = "routes/admin/layout";

/**
 * A client data request that reloads a page in place without its layout: live updates
 * revalidating an open page (the layout's shouldRevalidate leaves it out). Such requests
 * are not the person's activity, so they do not renew the session's idle timeout; a
 * forgotten tab still times out. Navigations and submissions include the layout.
 */
function isBackgroundRefresh(request: Request): boolean {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  if (!url.pathname.endsWith(".data")) return false;
  const routes = url.searchParams.get("_routes");
  return routes !== null && !routes.split(",").includes(ADMIN_LAYOUT_ROUTE_ID);
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

/** The page being asked for (query string kept for GET), to come back to after a step. */
export function currentTarget(request: Request): string {
  const url = new URL(request.url);
  const path = pagePath(request);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return request.method === "GET" ? path + (search ? `?${search}` : "") : path;
}

async function sendToLogin(args: GuardArgs, lookup: SessionLookup): Promise<never> {
  const { secure } = args.context.get(requestInfoContext);
  const headers = new Headers();
  if (lookup.status === "expired") {
    headers.append("Set-Cookie", clearSessionCookie({ secure }));
    if (lookup.reason === "idle") headers.append("Set-Cookie", await toastCookie({ type: "info", message: INACTIVITY_MESSAGE }));
  }
  throw redirect(loginUrl(currentTarget(args.request)), { headers });
}

/** Who made a request: the staff member and the address it came from (as the audit log records it). */
export interface RequestActor {
  userId: string;
  email: string;
  ip: string;
}

/** A refused access attempt: who, to what page, and what the page needs. */
interface Refusal {
  actor: RequestActor;
  path: string;
  method: string;
  role: StaffRole | null;
  required: Access;
}

/**
 * Writes a refused access attempt down. The guards sit below the audit log, so the admin
 * layouts hand them its writer (`recordRefusedAccess` in app/domain/limits).
 */
export type RecordRefusal = (refusal: Refusal) => Promise<void>;

async function recordRefusal(
  args: GuardArgs,
  session: { userId: string; email: string; role: StaffRole | null },
  required: Access,
  record: RecordRefusal | undefined,
) {
  if (!record) return;
  try {
    await record({
      actor: { userId: session.userId, email: session.email, ip: args.context.get(requestInfoContext).ip },
      path: pagePath(args.request).slice(0, 200),
      method: args.request.method,
      role: session.role,
      required,
    });
  } catch (error) {
    logger.error({ err: error }, "could not record a refused access attempt");
  }
}

/**
 * The signed-in staff member, or a thrown response: redirect to sign-in (anonymous or
 * expired session) or 403 (no staff role, or without what `access` needs).
 */
export async function requireStaff(args: GuardArgs, access: Access = "staff", record?: RecordRefusal): Promise<StaffIdentity> {
  const lookup = await sessionOf(args, !isBackgroundRefresh(args.request));
  if (lookup.status !== "active") return sendToLogin(args, lookup);
  // Password right, second factor not yet checked (or to enrol): nothing else is reachable.
  if (lookup.session.pending) throw redirect(stepUrl(lookup.session.pending, currentTarget(args.request)));
  const staff = staffIdentity(lookup.session);
  if (!staff || !allows(staff, access)) {
    await recordRefusal(args, lookup.session, access, record);
    throw staff
      ? data<AccessDenied>({ denied: "access", required: access as Exclude<Access, "staff">, why: whyDenied(access) }, { status: 403, statusText: "Forbidden" })
      : data<AccessDenied>({ denied: "no-access", email: lookup.session.email }, { status: 403, statusText: "Forbidden" });
  }
  return staff;
}

function staffIdentity(session: ActiveSession): StaffIdentity | null {
  if (!session.role) return null;
  return {
    user: { id: session.userId, email: session.email },
    role: session.role,
    permissions: session.permissions,
    sessionId: session.id,
    remainingMs: session.remainingMs,
    expiresAt: session.expiresAt,
    verifiedAgoMs: session.verifiedAgoMs,
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
  return session && !session.pending ? staffIdentity(session) : null;
}

/**
 * Route middleware for an admin layout: every request under it passes here first, and
 * the staff member it finds is put in the router context for the loaders and actions.
 * Admin responses are never cached (so Back after sign-out shows nothing).
 */
export function staffMiddleware(access: Access, record: RecordRefusal): MiddlewareFunction<Response> {
  return async (args, next) => {
    args.context.set(staffContext, await requireStaff(args, access, record));
    const response = await next();
    try {
      response.headers.set("Cache-Control", "no-store");
    } catch {
      /* immutable headers: leave them */
    }
    return response;
  };
}

/** The staff member and the request's address, as the audit log records who made a change. */
export function currentActor(args: GuardArgs): RequestActor {
  const staff = currentStaff(args);
  return { userId: staff.user.id, email: staff.user.email, ip: args.context.get(requestInfoContext).ip };
}

/**
 * The staff member the admin layouts' middleware found. Outside those layouts (a route
 * placed wrongly in the route table) it refuses rather than guess what the route needs.
 */
export function currentStaff(args: GuardArgs): StaffIdentity {
  const staff = args.context.get(staffContext);
  if (!staff) throw new Error("currentStaff() outside the admin layouts: place the route under one in app/routes.ts");
  return staff;
}
