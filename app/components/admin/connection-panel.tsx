/**
 * The dashboard's connection status panel: idle → checking → connected | error. Checks
 * on load, every 5 minutes and on Check (GET /healthz runs `select 1` with a 5 s timeout).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "../ui/toast.tsx";
import { CONNECTION_HINTS, checkConnection, type ConnectionState } from "./connection.ts";

const CONNECTION_CHECK_INTERVAL_MS = 5 * 60 * 1000;

const LABEL: Record<ConnectionState, string> = {
  idle: "Not checked yet",
  checking: "Checking...",
  connected: "Everything is working",
  error: "There is a problem",
};
const DOT: Record<ConnectionState, string> = {
  idle: "bg-slate-400",
  checking: "bg-sun-400 animate-pulse",
  connected: "bg-brand-500",
  error: "bg-red-600",
};

export function ConnectionPanel() {
  const [state, setState] = useState<ConnectionState>("idle");
  const [message, setMessage] = useState("");
  const [checkedAt, setCheckedAt] = useState<string | null>(null);
  const running = useRef(false);

  const check = useCallback(async (manual: boolean) => {
    if (running.current) return;
    running.current = true;
    setState("checking");
    const result = await checkConnection();
    running.current = false;
    setCheckedAt(new Date().toLocaleTimeString("en-GB"));
    if (result.ok) {
      setState("connected");
      setMessage("Connection successful");
      if (manual) toast.success("Connection to the backend is working");
    } else {
      setState("error");
      setMessage(result.message || "Connection failed");
      if (result.unreachable) toast.error("Failed to test connection");
      else toast.error(`Connection error: ${result.message}`);
    }
  }, []);

  useEffect(() => {
    const first = setTimeout(() => void check(false), 0);
    const interval = setInterval(() => void check(false), CONNECTION_CHECK_INTERVAL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(interval);
    };
  }, [check]);

  return (
    <section aria-labelledby="connection-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="connection-title" className="text-lg font-semibold text-ink">
          Website health
        </h2>
        <button
          type="button"
          onClick={() => void check(true)}
          disabled={state === "checking"}
          className="rounded-full border-2 border-brand-600 px-4 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
        >
          Check
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-600">Checks that the website is working: that events, craft fairs and messages from visitors can be saved and shown.</p>
      <p className="mt-3 flex items-center gap-2" role="status" data-state={state}>
        <span aria-hidden="true" className={`inline-block size-3 rounded-full ${DOT[state]}`} />
        <span className="font-semibold">{LABEL[state]}</span>
        {checkedAt && state !== "checking" && <span className="text-sm text-slate-600">· last checked {checkedAt}</span>}
      </p>
      {state === "error" && (
        <div className="mt-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">{message}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {CONNECTION_HINTS.map((hint) => (
              <li key={hint}>{hint}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
