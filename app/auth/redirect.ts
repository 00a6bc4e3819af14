/**
 * Where to send someone after sign-in. Only same-site paths are accepted: "/admin/events"
 * yes; "//evil.example", "https://evil.example", "/\\evil.example", "javascript:...",
 * "/admin/../..//evil.example" no.
 * Shared by the server and the browser (no secrets here).
 */
const DEFAULT_AFTER_LOGIN = "/admin/dashboard";

export function safeRedirect(to: unknown, fallback: string = DEFAULT_AFTER_LOGIN): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2000) return fallback;
  // Must be a path on this site: one leading slash, no backslashes, no control characters.
  if (!to.startsWith("/") || to.startsWith("//") || to.includes("\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  try {
    const base = "http://same.invalid";
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    // Dot segments may resolve to "//host" ("/admin/../..//evil.example"): a browser
    // would read that as another site.
    if (url.pathname.startsWith("//")) return fallback;
    // Never back to the sign-in or sign-out pages themselves.
    if (url.pathname === "/admin/login" || url.pathname === "/admin/logout") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The sign-in URL that brings the user back to `path` (a same-site path) afterwards. */
export function loginUrl(path?: string | null): string {
  const target = path ? safeRedirect(path, "") : "";
  return target && target !== DEFAULT_AFTER_LOGIN
    ? `/admin/login?redirectTo=${encodeURIComponent(target)}`
    : "/admin/login";
}

/** The page of a pending session's second sign-in step ("verify" or "enrol"), bringing the person back to `redirectTo` afterwards. */
export function stepUrl(pending: "verify" | "enrol", redirectTo?: string | null): string {
  const path = pending === "verify" ? "/admin/login/verify" : "/admin/login/enrol";
  return redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path;
}
