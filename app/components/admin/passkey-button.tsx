/**
 * A button that runs a passkey ceremony in the browser: it asks the server for WebAuthn
 * options, lets the browser create or use a passkey (@simplewebauthn/browser, loaded
 * only when the button is pressed), then posts the browser's answer to the page's own
 * action as `intent` + `response` (+ `fields`). The server checks everything; this only
 * carries the messages. Hidden where the browser has no WebAuthn, and without JavaScript.
 */
import { useState, useSyncExternalStore } from "react";
import { useNavigate, useSubmit } from "react-router";

const PASSKEY_NOT_USED = "The passkey was not used. Try again, or use another way.";

interface PasskeyButtonProps {
  ceremony: "register" | "authenticate";
  /** Where the options come from: /admin/login/passkey or /admin/passkey-options. */
  optionsUrl: string;
  purpose: "sign-in" | "verify" | "register" | "reauth";
  /** The intent posted to the page's action with the answer. */
  intent: string;
  label: string;
  /** More fields posted with the answer (e.g. redirectTo), or a function reading them at press time (e.g. a name typed). */
  fields?: Record<string, string> | (() => Record<string, string>);
  className?: string;
}

const noSubscribe = () => () => {};
const webAuthnAvailable = () => typeof window.PublicKeyCredential === "function";

export function PasskeyButton({ ceremony, optionsUrl, purpose, intent, label, fields, className }: PasskeyButtonProps) {
  const supported = useSyncExternalStore(noSubscribe, webAuthnAvailable, () => false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmit();
  const navigate = useNavigate();
  if (!supported) return null;

  async function run() {
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      body.set("purpose", purpose);
      const response = await fetch(optionsUrl, { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = response.headers.get("Content-Type")?.includes("application/json")
        ? ((await response.json()) as { options?: unknown; reauth?: string; error?: string })
        : null;
      if (answer?.reauth) {
        navigate(answer.reauth);
        return;
      }
      if (response.status === 429 && answer?.error) {
        setError(answer.error);
        return;
      }
      if (!response.ok || !answer?.options) throw new Error("no options");
      const browser = await import("@simplewebauthn/browser");
      const credential =
        ceremony === "register"
          ? await browser.startRegistration({ optionsJSON: answer.options as Parameters<typeof browser.startRegistration>[0]["optionsJSON"] })
          : await browser.startAuthentication({ optionsJSON: answer.options as Parameters<typeof browser.startAuthentication>[0]["optionsJSON"] });
      const extra = typeof fields === "function" ? fields() : (fields ?? {});
      await submit({ ...extra, intent, response: JSON.stringify(credential) }, { method: "post" });
    } catch {
      setError(PASSKEY_NOT_USED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <button
        type="button"
        onClick={run}
        disabled={busy}
        className={
          className ??
          "w-full rounded-lg border border-brand-600 bg-white px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
        }
      >
        {busy ? "Waiting for your passkey..." : label}
      </button>
      {error && (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** Creating a passkey: a name for it (to tell passkeys apart in My account) and the button. */
export function AddPasskey({ optionsUrl, label = "Add a passkey" }: { optionsUrl: string; label?: string }) {
  const [name, setName] = useState("");
  const supported = useSyncExternalStore(noSubscribe, webAuthnAvailable, () => false);
  if (!supported) {
    return <p className="text-sm text-slate-600">This browser cannot use passkeys.</p>;
  }
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor="passkey-name" className="font-medium">
          Name for this passkey
        </label>
        <input
          id="passkey-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={60}
          placeholder="For example: Work laptop"
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
        />
      </div>
      <PasskeyButton ceremony="register" optionsUrl={optionsUrl} purpose="register" intent="add-passkey" label={label} fields={{ name }} />
    </div>
  );
}
