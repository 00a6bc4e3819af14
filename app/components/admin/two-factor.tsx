/** Second-factor screens' parts: the enrolment form (QR code, key, code) and the recovery codes. */
import { useState, useSyncExternalStore } from "react";
import { Form } from "react-router";

export interface EnrolmentView {
  secretGroups: string;
  qr: { size: number; path: string };
}

/** The QR code drawn by the server as one SVG path (black modules on white, with a quiet zone). */
function QrCode({ qr }: { qr: EnrolmentView["qr"] }) {
  const margin = 4;
  const box = qr.size + margin * 2;
  return (
    <svg
      role="img"
      aria-label="QR code to scan with your authenticator app"
      viewBox={`${-margin} ${-margin} ${box} ${box}`}
      width="208"
      height="208"
      shapeRendering="crispEdges"
      className="rounded-lg border border-slate-200 bg-white"
      data-testid="totp-qr"
    >
      <rect x={-margin} y={-margin} width={box} height={box} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}

const input = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-mono tracking-widest";
const button = "w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";

export function EnrolForm({ enrolment, error, busy, intent }: { enrolment: EnrolmentView; error?: string; busy: boolean; intent?: string }) {
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-2 pl-5 text-slate-700">
        <li>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-3">
        <QrCode qr={enrolment.qr} />
        <p className="text-center text-sm text-slate-600">
          Key: <code data-testid="totp-secret" className="break-all font-mono text-slate-900">{enrolment.secretGroups}</code>
        </p>
      </div>
      <Form method="post" className="space-y-4" noValidate>
        {intent && <input type="hidden" name="intent" value={intent} />}
        <div>
          <label htmlFor="code" className="font-medium">
            6-digit code from the app
          </label>
          <input id="code" name="code" inputMode="numeric" autoComplete="one-time-code" required maxLength={12} className={input}
            aria-invalid={error ? true : undefined} aria-describedby={error ? "code-error" : undefined} />
          {error && <p id="code-error" role="alert" className="mt-1 text-sm text-red-700">{error}</p>}
        </div>
        <button type="submit" disabled={busy} className={button}>
          {busy ? "Checking..." : "Turn on two-step sign-in"}
        </button>
      </Form>
    </div>
  );
}

/** The text file of the codes (downloaded as millbrook-recovery-codes.txt, also without JavaScript). */
function recoveryCodesText(codes: string[]): string {
  return [
    "Millbrook Community Foundation admin: recovery codes",
    "Each code signs you in once if you lose your phone or passkey. Keep them somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");
}

const action =
  "rounded-full border border-amber-700 bg-white px-3 py-1.5 text-sm font-semibold text-amber-900 hover:bg-amber-100 focus:outline-none focus:ring-2 focus:ring-amber-600";

export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  // Copy and print need JavaScript; the download link works without it.
  const hydrated = useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
  const text = recoveryCodesText(codes);
  return (
    <section aria-labelledby="recovery-heading" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="recovery-heading" className="font-semibold text-amber-900">
        Your recovery codes
      </h2>
      <p className="text-sm text-amber-900">
        Keep these somewhere safe, away from your phone. Each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2 print:hidden">
        {hydrated && (
          <button
            type="button"
            className={action}
            onClick={() => {
              void navigator.clipboard?.writeText(text).then(
                () => setCopied("yes"),
                () => setCopied("failed"),
              );
            }}
          >
            Copy codes
          </button>
        )}
        <a className={action} href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="millbrook-recovery-codes.txt">
          Download as a text file
        </a>
        {hydrated && (
          <button type="button" className={action} onClick={() => window.print()}>
            Print
          </button>
        )}
      </div>
      <p role="status" className="text-sm text-amber-900 print:hidden">
        {copied === "yes" ? "Copied to the clipboard." : copied === "failed" ? "Could not copy: select the codes and copy them instead." : ""}
      </p>
    </section>
  );
}
