/**
 * Flash toasts: a message set on a redirect (or any response) in a short-lived cookie,
 * read and cleared by the root loader, shown once by <Toaster />.
 *
 * The cookie is signed (React Router's `createCookie`) with a secret that every instance
 * shares, kept in the database (app/lib/site-secrets.server.ts): a toast that was not set
 * by this site, or was changed on the way, is ignored.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createCookie, redirect, type Cookie } from "react-router";
import { z } from "zod";
import { parseCookies } from "../auth/session.server.ts";
import { siteSecret } from "./site-secrets.server.ts";

export const TOAST_COOKIE = "mcf_toast";

const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  message: z.string().min(1).max(500),
});
export type Toast = z.infer<typeof ToastSchema>;

let jar: Promise<Cookie> | undefined;
/** The signing secret once read, for the synchronous check of the page cache. */
let knownSecret: string | undefined;

/** The signed cookie, made once per process (again after a failed database read). */
function toastJar(): Promise<Cookie> {
  jar ??= siteSecret("toast-cookie").then(
    (secret) => {
      knownSecret = secret;
      return createCookie(TOAST_COOKIE, { secrets: [secret], path: "/", maxAge: 60, httpOnly: true, sameSite: "lax" });
    },
    (error: unknown) => {
      jar = undefined;
      throw error;
    },
  );
  return jar;
}

/**
 * Whether a toast cookie's value (as sent, URL-encoded) carries this site's signature,
 * checked without waiting (for the page cache in front of the server): the signature
 * React Router's signed cookies use, HMAC-SHA256 of the value in unpadded base64. Until
 * the secret has been read once (it is read at start-up) every toast counts, and the
 * read is started.
 */
export function toastSignedBySite(rawValue: string): boolean {
  if (knownSecret === undefined) {
    void toastJar().catch(() => {});
    return true;
  }
  let value: string;
  try {
    value = decodeURIComponent(rawValue);
  } catch {
    return false;
  }
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return false;
  const expected = Buffer.from(createHmac("sha256", knownSecret).update(value.slice(0, dot)).digest("base64").replace(/=+$/, ""));
  const given = Buffer.from(value.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Reads the signing secret ahead of the first toast (the server calls it at start-up). */
export async function prepareToastCheck(): Promise<void> {
  await toastJar();
}

/** The Set-Cookie value that shows `toast` on the next page. */
export async function toastCookie(toast: Toast): Promise<string> {
  return (await toastJar()).serialize(ToastSchema.parse(toast));
}

const clearToastCookie = () => `${TOAST_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

/** Reads the flash toast of this request; `headers` clears it when there was one. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit | undefined }> {
  const header = request.headers.get("Cookie");
  // Most requests carry no toast: no database read for them.
  if (!parseCookies(header).get(TOAST_COOKIE)) return { toast: null, headers: undefined };
  let toast: Toast | null;
  try {
    // parse() answers null when the signature does not match.
    const parsed = ToastSchema.safeParse(await (await toastJar()).parse(header));
    toast = parsed.success ? parsed.data : null;
  } catch {
    toast = null;
  }
  return { toast, headers: { "Set-Cookie": clearToastCookie() } };
}

/** A redirect that shows `toast` on the next page. Extra headers (e.g. Set-Cookie) are kept. */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}
