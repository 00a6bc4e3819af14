/**
 * Flash toasts: a message set on a redirect (or any response) in a short-lived cookie,
 * read and cleared by the root loader, shown once by <Toaster />.
 */
import { redirect } from "react-router";
import { z } from "zod";
import { parseCookies } from "../auth/session.server.ts";

export const TOAST_COOKIE = "mcf_toast";

const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  message: z.string().min(1).max(500),
});
export type Toast = z.infer<typeof ToastSchema>;

export function toastCookie(toast: Toast): string {
  const value = Buffer.from(JSON.stringify(ToastSchema.parse(toast))).toString("base64url");
  return `${TOAST_COOKIE}=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

const clearToastCookie = () => `${TOAST_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

/** Reads the flash toast of this request; `headers` clears it when there was one. */
export function readToast(request: Request): { toast: Toast | null; headers: HeadersInit | undefined } {
  const raw = parseCookies(request.headers.get("Cookie")).get(TOAST_COOKIE);
  if (!raw) return { toast: null, headers: undefined };
  let toast: Toast | null;
  try {
    const parsed = ToastSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    toast = parsed.success ? parsed.data : null;
  } catch {
    toast = null;
  }
  return { toast, headers: { "Set-Cookie": clearToastCookie() } };
}

/** A redirect that shows `toast` on the next page. Extra headers (e.g. Set-Cookie) are kept. */
export function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastCookie(toast));
  return redirect(url, { ...init, headers });
}
