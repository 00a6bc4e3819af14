/** A staff member's own sessions (My account): list them and end any or all. */
import { and, desc, eq, isNull, ne } from "drizzle-orm";
import { getDb } from "../db/client.server.ts";
import { sessions } from "../db/schema.ts";

export interface OwnSession {
  id: string;
  device: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** "Firefox on Windows" from a User-Agent header (a rough label, enough to recognise a device). */
function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser =
    /Edg\//.test(userAgent) ? "Edge"
    : /OPR\//.test(userAgent) ? "Opera"
    : /Firefox\//.test(userAgent) ? "Firefox"
    : /Chrom(e|ium)\//.test(userAgent) ? "Chrome"
    : /Safari\//.test(userAgent) ? "Safari"
    : null;
  const system =
    /iPhone|iPad/.test(userAgent) ? "iOS"
    : /Android/.test(userAgent) ? "Android"
    : /Windows/.test(userAgent) ? "Windows"
    : /Mac OS X|Macintosh/.test(userAgent) ? "macOS"
    : /CrOS/.test(userAgent) ? "ChromeOS"
    : /Linux/.test(userAgent) ? "Linux"
    : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

/** The account's full sessions (not pending sign-ins), most recently used first. */
export async function listOwnSessions(userId: string, currentSessionId: string): Promise<OwnSession[]> {
  const rows = await getDb()
    .select()
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), isNull(sessions.pending)))
    .orderBy(desc(sessions.last_seen_at));
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.user_agent),
    ip: row.ip,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the account's sessions (never another account's); whether one was ended. */
export async function endOwnSession(userId: string, sessionId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
  const ended = await getDb()
    .delete(sessions)
    .where(and(eq(sessions.user_id, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of the account except the current one; how many. */
export async function endOtherSessions(userId: string, currentSessionId: string): Promise<number> {
  const ended = await getDb()
    .delete(sessions)
    .where(and(eq(sessions.user_id, userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}
