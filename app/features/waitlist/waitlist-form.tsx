/**
 * The event page's waitlist form, under "Sold out": name, email, places wanted and the
 * unticked consent box. Works without JavaScript (a plain post to the event page).
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { buttonClasses } from "../../components/ui/button.ts";
import { TextField } from "../../components/ui/fields.tsx";

/** What the event route's action answers to the waitlist form. */
export interface WaitlistFormResult {
  form: "waitlist";
  message?: string;
  errors: Record<string, string>;
  values: { name: string; email: string; places: string };
  /** On the list: their place in line. */
  joined?: { position: number; email: string };
}

const WAITLIST_MAX_PLACES = 10;

export function WaitlistForm({ eventId, result, consent, offerHours }: { eventId: number; result?: WaitlistFormResult; consent: ReactNode; offerHours: number }) {
  if (result?.joined) {
    return (
      <div role="status" className="mt-4 rounded-xl bg-brand-50 p-4 text-ink" data-testid="waitlist-joined">
        <p className="font-semibold">You're on the waitlist</p>
        <p className="mt-2">
          You are number {result.joined.position} in line. If places come up, we will email <strong className="break-all">{result.joined.email}</strong> and hold them for
          you for {offerHours} hours.
        </p>
      </div>
    );
  }
  return (
    <Form method="post" action={`/events/${eventId}#tickets`} className="mt-4 space-y-4 border-t border-slate-200 pt-4" aria-labelledby="waitlist-heading">
      <h3 id="waitlist-heading" className="font-display text-xl font-semibold text-brand-900">
        Join the waitlist
      </h3>
      <p className="text-slate-700">If places come up, we will email you in turn and hold them for you for {offerHours} hours.</p>
      {result?.message ? (
        <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {result.message}
        </p>
      ) : null}
      <TextField name="name" id="waitlist-name" label="Your name" autoComplete="name" maxLength={100} defaultValue={result?.values.name} error={result?.errors.name} />
      <TextField
        name="email"
        id="waitlist-email"
        type="email"
        label="Email"
        autoComplete="email"
        maxLength={254}
        defaultValue={result?.values.email}
        error={result?.errors.email}
      />
      <div>
        <label htmlFor="waitlist-places" className="block font-semibold">
          Places wanted
        </label>
        <select
          id="waitlist-places"
          name="places"
          defaultValue={result?.values.places || "1"}
          className="mt-1.5 block w-full rounded-xl border border-slate-400 bg-white px-3.5 py-2.5 text-base"
        >
          {Array.from({ length: WAITLIST_MAX_PLACES }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n === 1 ? "1 place" : `${n} places`}
            </option>
          ))}
        </select>
      </div>
      {consent}
      <button type="submit" name="intent" value="waitlist" className={buttonClasses("secondary", "lg", "w-full")}>
        Join the waitlist
      </button>
    </Form>
  );
}
