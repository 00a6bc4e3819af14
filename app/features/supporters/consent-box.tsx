/**
 * The unticked "Email me news of the foundation's work" box of every public form that
 * takes an email, with a link to the privacy notice. Its words are the ones recorded
 * with the consent (consent.ts). Plain HTML: works without JavaScript.
 */
import { CONSENT_FIELD, CONSENT_LABEL } from "./consent.ts";

export function ConsentBox({ defaultChecked = false, id = CONSENT_FIELD }: { defaultChecked?: boolean; id?: string }) {
  return (
    <div className="flex items-start gap-3">
      <input type="checkbox" id={id} name={CONSENT_FIELD} defaultChecked={defaultChecked} aria-describedby={`${id}-hint`} className="mt-1 size-5 shrink-0 accent-brand-600" />
      <div>
        <label htmlFor={id} className="font-semibold">
          {CONSENT_LABEL}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          You can stop at any time: every email has an unsubscribe link. Our{" "}
          <a href="/privacy" target="_blank" rel="noopener" className="font-semibold text-brand-700 underline">
            privacy notice<span className="sr-only"> (opens in a new tab)</span>
          </a>{" "}
          says how we use your details.
        </p>
      </div>
    </div>
  );
}
