/**
 * Signing out from the browser: asks the server to end the session, then clears what
 * this browser keeps for the session and goes to /admin/login, whether or not the call
 * succeeded. Without JavaScript the Sign Out form posts normally.
 */
export const SESSION_DEADLINE_KEY = "mcf:session-deadline";

/** A toast for the next page when the server could not set one ('Failed to sign out'). */
export const LOCAL_FLASH_KEY = "mcf:flash";

export async function signOutFromBrowser(reason: "manual" | "inactivity" = "manual") {
  let ok = false;
  try {
    const body = new FormData();
    body.set("reason", reason);
    const response = await fetch("/admin/logout", { method: "POST", body, credentials: "same-origin", redirect: "manual" });
    ok = response.type === "opaqueredirect" || response.ok;
  } catch {
    /* the local state is cleared anyway */
  }
  try {
    localStorage.removeItem(SESSION_DEADLINE_KEY);
    sessionStorage.clear();
    if (!ok && reason === "manual") {
      sessionStorage.setItem(LOCAL_FLASH_KEY, JSON.stringify({ type: "error", message: "Failed to sign out" }));
    }
  } catch {
    /* storage unavailable */
  }
  window.location.assign("/admin/login");
}
