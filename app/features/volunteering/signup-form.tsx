/**
 * The volunteer sign-up form of the Volunteer page and of an opportunity's own page: the
 * opportunities with the shifts shown (checkboxes: open, full or sign-up closed), then
 * name, email, phone, the volunteer terms and the news consent. A plain form post to the
 * page it is on (signup-action.server.ts): it works without JavaScript.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { ErrorSummary, Honeypot, RateLimited, readReply, SubmitButton, type PublicReply } from "../../components/site/form-kit.tsx";
import { formatLongDate, formatTime } from "../../components/site/format.ts";
import { TextField } from "../../components/ui/fields.tsx";
import { VolunteerTermsBox } from "../../components/site/volunteer-terms-box.tsx";
import { CONSENT_FIELD, ConsentBox } from "../supporters/ui.ts";
import type { PublicOpportunity } from "./opportunities.server.ts";

const LABELS = { fullName: "Full name", email: "Email address", phone: "Phone number", shifts: "Shifts", terms: "Terms", _form: "Form" };

export function SignUpForm({
  opportunities,
  reply,
  action,
  linkAllDates = false,
  pager,
}: {
  opportunities: PublicOpportunity[];
  reply: PublicReply | undefined;
  /** The page the form posts to (with its ?page=), so a refused form comes back to the same shifts. */
  action: string;
  /** Each opportunity with more dates than shown links to its own page, which has them all. */
  linkAllDates?: boolean;
  /** The links to the other pages of the list, below the shifts. */
  pager?: ReactNode;
}) {
  const { errors, text, list, limited } = readReply(reply);
  const chosen = new Set(list("shifts"));
  if (opportunities.length === 0) {
    return (
      <div className="mx-auto max-w-3xl rounded-3xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-8">
        <h2 className="font-display text-2xl font-semibold text-brand-900">No shifts are open just now</h2>
        <p className="mt-2 text-slate-700">
          New shifts are added before each fair and event. You can also{" "}
          <a href="/support#volunteer" className="font-semibold text-brand-700 underline">
            offer to volunteer
          </a>{" "}
          and we will be in touch.
        </p>
      </div>
    );
  }
  return (
    <Form method="post" action={`${action}#signup-result`} noValidate className="relative mx-auto max-w-4xl space-y-8">
      {limited ? <RateLimited id="signup-result" /> : null}
      <ErrorSummary id="signup-result" errors={errors} labels={LABELS} />
      <Honeypot />
      <fieldset className="space-y-6" aria-describedby={errors.shifts ? "shifts-error" : undefined}>
        {/* A heading inside the legend: the shifts' h3s sit under it (h1 → h2 → h3), and it still names the group. */}
        <legend>
          <h2 className="font-display text-3xl font-semibold text-brand-900">Choose your shifts</h2>
        </legend>
        {errors.shifts ? (
          <p id="shifts-error" className="text-sm font-medium text-red-800">
            <span className="sr-only">Error: </span>
            {errors.shifts}
          </p>
        ) : null}
        {opportunities.map((op, i) => (
          <section key={op.id} aria-labelledby={`opportunity-${op.id}`} className="rounded-3xl bg-brand-50 p-5 ring-1 ring-brand-100 sm:p-7" data-testid="opportunity">
            <p className="text-sm font-bold tracking-[0.14em] text-brand-700 uppercase">{op.role}</p>
            <h3 id={`opportunity-${op.id}`} className="mt-1 font-display text-2xl font-semibold text-brand-900">
              {op.title}
            </h3>
            <p className="mt-2 whitespace-pre-line text-slate-700">{op.description}</p>
            <p className="mt-2 text-sm text-slate-700">
              <strong>Where:</strong> {op.location}
            </p>
            {op.needsCheck ? <p className="mt-1 text-sm text-slate-700">This role needs a background check: we will arrange it with you before your first shift.</p> : null}
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {op.shifts.map((s, j) => {
                const id = i === 0 && j === 0 ? "shifts" : `shift-${s.id}`;
                const open = s.state === "open";
                return (
                  <li key={s.id}>
                    <label
                      htmlFor={id}
                      className={`flex min-h-14 items-start gap-3 rounded-2xl bg-white p-4 ring-1 ${open ? "cursor-pointer ring-slate-200 has-checked:ring-2 has-checked:ring-brand-600" : "ring-slate-200 opacity-75"}`}
                    >
                      <input
                        type="checkbox"
                        id={id}
                        name="shifts"
                        value={s.id}
                        disabled={!open}
                        defaultChecked={open && chosen.has(String(s.id))}
                        className="mt-1 size-5 shrink-0 accent-brand-600"
                      />
                      <span>
                        <span className="block font-semibold text-ink">{formatLongDate(s.date)}</span>
                        <span className="block text-slate-700">
                          {formatTime(s.start_time)} to {formatTime(s.end_time)}
                        </span>
                        <span className={`block text-sm ${open ? "text-brand-800" : "font-semibold text-slate-700"}`}>
                          {s.state === "full" ? "Full" : s.state === "closed" ? "Sign-up closed" : `${s.left} of ${s.places} ${s.places === 1 ? "place" : "places"} left`}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
            {linkAllDates && op.upcoming > op.shifts.length ? (
              <p className="mt-4">
                <a href={`/volunteer/${op.id}`} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2">
                  See all {op.upcoming} dates<span className="sr-only">: {op.title}</span>
                </a>
              </p>
            ) : null}
          </section>
        ))}
        {pager}
      </fieldset>
      <div className="space-y-5 rounded-3xl bg-[#fbf6ea] p-5 sm:p-8">
        <h2 className="font-display text-3xl font-semibold text-brand-900">Your details</h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="fullName" label="Full name" autoComplete="name" defaultValue={text("fullName")} error={errors.fullName} />
          <TextField name="email" type="email" label="Email address" autoComplete="email" defaultValue={text("email")} error={errors.email} />
          <TextField name="phone" type="tel" label="Phone number" autoComplete="tel" hint="So we can reach you on the day." defaultValue={text("phone")} error={errors.phone} />
        </div>
        <VolunteerTermsBox defaultChecked={text("terms") === "on"} error={errors.terms} />
        <ConsentBox id="signup-emailConsent" defaultChecked={text(CONSENT_FIELD) === "on"} />
        <SubmitButton>Sign up</SubmitButton>
      </div>
    </Form>
  );
}
