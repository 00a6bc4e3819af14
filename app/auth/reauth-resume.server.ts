/**
 * What a sensitive action was about to do when it asked the person to confirm it's them:
 * the form they sent (text fields only, no passwords or files) and where it went, kept in
 * a signed cookie bound to their session for 10 minutes. After re-authentication the
 * page posts it again (at once with JavaScript; one "Continue" without), so the action is
 * carried out instead of clicked a second time.
 */
import { createCookie, type Cookie } from "react-router";
import { z } from "zod";
import { siteSecret } from "../lib/site-secrets.server.ts";
import { pagePath } from "./guards.server.ts";
import { parseCookies } from "./session.server.ts";

const RESUME_COOKIE = "mcf_reauth_resume";
const LIFETIME_S = 10 * 60;
/** Larger forms are not kept (the person comes back to the page and sends it again). */
const MAX_CHARS = 3000;
/** Fields never kept: secrets, and the browser's answers to passkey challenges. */
const SKIPPED = /password|passcode|^code$|^response$|^confirm$/i;

const ResumeSchema = z.object({
  sessionId: z.string(),
  action: z.string().startsWith("/admin/"),
  fields: z.array(z.tuple([z.string(), z.string()])),
});
export type PendingAction = { action: string; fields: [string, string][] };

const jars = new Map<boolean, Promise<Cookie>>();
function jar(secure: boolean): Promise<Cookie> {
  let found = jars.get(secure);
  if (!found) {
    found = siteSecret("reauth-resume-cookie").then((secret) =>
      createCookie(secure ? `__Host-${RESUME_COOKIE}` : RESUME_COOKIE, { secrets: [secret], path: "/", maxAge: LIFETIME_S, httpOnly: true, sameSite: "lax", secure }),
    );
    found.catch(() => jars.delete(secure));
    jars.set(secure, found);
  }
  return found;
}

/** The address a form was posted to, as a page address (React Router's data suffix and parameters removed). */
function actionOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return pagePath(request) + (search ? `?${search}` : "");
}

/** The Set-Cookie that keeps this POST's form for after re-authentication, or null when it cannot be kept. */
export async function rememberAction(request: Request, form: FormData, sessionId: string, secure: boolean): Promise<string | null> {
  if (request.method !== "POST") return null;
  const fields: [string, string][] = [];
  for (const [name, value] of form) {
    if (typeof value !== "string") return null; // a file: the form is sent again by hand
    if (!SKIPPED.test(name)) fields.push([name, value]);
  }
  const pending = { sessionId, action: actionOf(request), fields };
  if (JSON.stringify(pending).length > MAX_CHARS) return null;
  return (await jar(secure)).serialize(pending);
}

/** The kept action of this session, if any (and the Set-Cookie that forgets it). */
export async function takePendingAction(request: Request, sessionId: string, secure: boolean): Promise<{ pending: PendingAction | null; clear: string | null }> {
  const name = secure ? `__Host-${RESUME_COOKIE}` : RESUME_COOKIE;
  const header = request.headers.get("Cookie");
  if (!parseCookies(header).get(name)) return { pending: null, clear: null };
  const cookie = await jar(secure);
  const clear = await cookie.serialize("", { maxAge: 0 });
  const parsed = ResumeSchema.safeParse(await cookie.parse(header).catch(() => null));
  if (!parsed.success || parsed.data.sessionId !== sessionId) return { pending: null, clear };
  return { pending: { action: parsed.data.action, fields: parsed.data.fields }, clear };
}
