/** Shows a freshly created one-time link (invitation, password reset, or setting up two-step sign-in again) to copy. */
import { useState } from "react";
import { formatUk } from "../../lib/uk-time.ts";

export function OneTimeLinkPanel({ kind, email, url, expiresAt, mailed }: {
  kind: "invite" | "reset" | "enrol"; email: string; url: string; expiresAt: string; mailed: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const until = formatUk(expiresAt, "date-time");
  const title =
    kind === "invite" ? `Invitation link for ${email}` : kind === "reset" ? `Password reset link for ${email}` : `Two-step sign-in set-up link for ${email}`;
  return (
    <section className="rounded-2xl border-2 border-sun-400 bg-sun-100/60 p-5" aria-labelledby="link-title" data-testid="one-time-link">
      <h2 id="link-title" className="font-display text-lg font-semibold text-ink">{title}</h2>
      <p className="mt-1 text-sm text-slate-700">
        {mailed ? "It has been emailed to them. " : "Mail is not configured: send this link to them yourself. "}
        It works once, until {until}.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="one-time-link-url" className="sr-only">Link</label>
        <input id="one-time-link-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()}
          className="block w-full min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 py-2 font-mono text-sm" />
        <button type="button" className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true), () => setCopied(false));
          }}>
          {copied ? "Copied" : "Copy link"}
        </button>
      </div>
    </section>
  );
}
