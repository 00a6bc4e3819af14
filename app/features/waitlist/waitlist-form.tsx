/**
 * The event page's waitlist form, under "Sold out": name, email, places wanted and the
 * unticked consent box. Works without JavaScript (a plain post to the event page).
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { buttonClasses } from "../../components/ui/button.ts";
import { TextField } from "../../components/ui/fields.tsx";
import { readReply } from "../../components/site/form-kit.tsx";
import type { FormReply } from "../../lib/form-reply.ts";

/**
 * What the event route's action answers to the waitlist form (docs/decisions/287): a
 * refusal as Conform's reply (the values as typed, a message per field, the form's own
 * under `_form`), or, on the list, their place in line.
 */
export type WaitlistAnswer = { intent: "waitlist"; reply: FormReply } | { intent: "waitlist"; joined: { position: number; email: string } };

const WAITLIST_MAX_PLACES = 10;

export function WaitlistForm({ eventId, answer, consent, offerHours }: { eventId: number; answer?: WaitlistAnswer; consent: ReactNode; offerHours: number }) {
  const { text, errors } = readReply(answer && "reply" in answer ? answer.reply : undefined);
  if (answer && "joined" in answer) {
    return (
      <div role="status" className="mt-4 rounded-xl bg-brand-50 p-4 text-ink" data-testid="waitlist-joined">
        <p className="font-semibold">You're on the waitlist</p>
        <p className="mt-2">
          You are number {answer.joined.position} in line. If places come up, we will email <strong className="break-all">{answer.joined.email}</strong> and hold them for
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
      {errors._form ? (
        <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {errors._form}
        </p>
      ) : null}
      <TextField name="name" id="waitlist-name" label="Your name" autoComplete="name" maxLength={100} defaultValue={text("name")} error={errors.name} />
      <TextField
        name="email"
        id="waitlist-email"
        type="email"
        label="Email"
        autoComplete="email"
        maxLength={254}
        defaultValue={text("email")}
        error={errors.email}
      />
      <div>
        <label htmlFor="waitlist-places" className="block font-semibold">
          Places wanted
        </label>
        <select
          id="waitlist-places"
          name="places"
          defaultValue={text("places") || "1"}
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
