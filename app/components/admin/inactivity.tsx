/**
 * Inactivity on the client: warns `warningBeforeMs` before the server session ends
 * ('Your session will expire soon due to inactivity. Please save your work.' with Keep
 * Session), then signs out ('You've been logged out due to inactivity'). The deadline comes
 * from the server (time left on the session) and is shared between tabs through
 * localStorage, so work in one tab keeps the others from signing out.
 */
import { useEffect } from "react";
import { toast } from "../ui/toast.tsx";
import { SESSION_DEADLINE_KEY, signOutFromBrowser } from "./sign-out.ts";

const INACTIVITY_WARNING = "Your session will expire soon due to inactivity. Please save your work.";
const WARNING_ID = "inactivity-warning";

function readDeadline(): number {
  try {
    return Number(localStorage.getItem(SESSION_DEADLINE_KEY)) || 0;
  } catch {
    return 0;
  }
}

function writeDeadline(deadline: number) {
  try {
    localStorage.setItem(SESSION_DEADLINE_KEY, String(deadline));
  } catch {
    /* storage unavailable: this tab still works on its own deadline */
  }
}

export function useInactivityLogout({
  remainingMs,
  warningBeforeMs,
  stamp,
}: {
  remainingMs: number;
  warningBeforeMs: number;
  /** Changes whenever the server answered again (the layout's loader data). */
  stamp: unknown;
}) {
  useEffect(() => {
    let deadline = Date.now() + remainingMs;
    writeDeadline(deadline);
    toast.dismiss(WARNING_ID);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let warned = false;
    let stopped = false;

    async function keepSession() {
      try {
        const response = await fetch("/admin/keep-alive", { method: "POST", credentials: "same-origin", redirect: "manual" });
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { remainingMs: number };
        deadline = Date.now() + body.remainingMs;
        writeDeadline(deadline);
        warned = false;
        schedule();
      } catch {
        void expire();
      }
    }

    async function expire() {
      if (stopped) return;
      stopped = true;
      toast.dismiss(WARNING_ID);
      await signOutFromBrowser("inactivity");
    }

    function tick() {
      // Another tab may have used the session since.
      const shared = readDeadline();
      if (shared > deadline) {
        deadline = shared;
        if (warned) toast.dismiss(WARNING_ID);
        warned = false;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        void expire();
        return;
      }
      if (left <= warningBeforeMs && !warned) {
        warned = true;
        toast.warning(INACTIVITY_WARNING, {
          id: WARNING_ID,
          duration: Number.POSITIVE_INFINITY,
          action: { label: "Keep Session", onClick: () => void keepSession() },
        });
      }
      schedule();
    }

    function schedule() {
      if (stopped) return;
      clearTimeout(timer);
      const left = deadline - Date.now();
      const next = left > warningBeforeMs ? left - warningBeforeMs : left;
      // Look again at least every minute (the spec's check interval) and on the exact moments.
      timer = setTimeout(tick, Math.max(0, Math.min(next, 60_000)));
    }

    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_DEADLINE_KEY) tick();
    };
    window.addEventListener("storage", onStorage);
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("storage", onStorage);
    };
  }, [remainingMs, warningBeforeMs, stamp]);
}
