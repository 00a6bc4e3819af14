import { currentStaff } from "../../auth/guards.server.ts";
import { sessionPolicy, touchSession } from "../../auth/session.server.ts";
import type { Route } from "./+types/keep-alive";

/** Keep Session: marks the session as used now and answers how long it has left. */
export async function action(args: Route.ActionArgs) {
  const staff = currentStaff(args);
  await touchSession(staff.sessionId);
  return Response.json({
    remainingMs: Math.min(sessionPolicy().idleTimeoutMs, staff.expiresAt.getTime() - Date.now()),
  });
}

/** How long the session has left (does not count as use beyond the normal refresh). */
export async function loader(args: Route.LoaderArgs) {
  const staff = currentStaff(args);
  return Response.json({ remainingMs: staff.remainingMs });
}
