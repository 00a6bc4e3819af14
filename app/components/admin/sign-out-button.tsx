/**
 * The Sign Out button of the admin sidebar and of the "No access" page. A module of its
 * own: the root's error boundary renders that page, so whatever this imports is in the
 * code every page loads (vite.config.ts), and the admin sidebar is not.
 */
import { useState } from "react";
import { signOutFromBrowser } from "./sign-out.ts";

export function SignOutButton({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      method="post"
      action="/admin/logout"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void signOutFromBrowser("manual");
      }}
    >
      <button
        type="submit"
        disabled={busy}
        className={
          className ??
          "w-full rounded-lg border border-white/30 px-3 py-2 text-sm font-semibold text-white hover:bg-white/10 disabled:opacity-60"
        }
      >
        Sign Out
      </button>
    </form>
  );
}
