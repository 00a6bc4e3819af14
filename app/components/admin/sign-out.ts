/**
 * Signing out from the browser: asks the server to end the session, then clears what
 * this browser keeps for the session and goes to /admin/login, whether or not the call
 * succeeded. Without JavaScript the Sign Out form posts normally.
 */
export const SESSION_DEADLINE_KEY = "mcf:session-deadline";

export async function signOutFromBrowser(reason: "manual" | "inactivity" = "manual") {
  try {
    const body = new FormData();
    body.set("reason", reason);
    await fetch("/admin/logout", { method: "POST", body, credentials: "same-origin", redirect: "manual" });
  } catch {
    /* the local state is cleared anyway */
  }
  try {
    localStorage.removeItem(SESSION_DEADLINE_KEY);
    sessionStorage.clear();
  } catch {
    /* storage unavailable */
  }
  window.location.assign("/admin/login");
}
