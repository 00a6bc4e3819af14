/**
 * The Volunteer page (/volunteer): open opportunities with their shifts and places left,
 * and one form to sign up for one or more shifts (name, email, phone, the volunteer terms).
 * A plain form post: it works without JavaScript. A sign-up redirects to the volunteer's
 * manage page, which confirms it (see manage-page.tsx).
 */
import { data, Form, redirect } from "react-router";
import { ErrorSummary, Honeypot, RateLimited, readReply, SubmitButton, type PublicReply } from "../../components/site/form-kit.tsx";
import { formatLongDate, formatTime } from "../../components/site/format.ts";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { TextField } from "../../components/ui/fields.tsx";
import { VolunteerTermsBox } from "../../components/site/volunteer-terms-box.tsx";
import { HONEYPOT_FIELD } from "../../lib/honeypot.ts";
import { BODY_LIMITS, type BodyLimitHandle } from "../../lib/body-limits.ts";
import { logger } from "../../lib/logger.server.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { managePath } from "./mail.server.ts";
import { listOpenOpportunities, type PublicOpportunity } from "./opportunities.server.ts";
import { readSignUpPost } from "./public-form.server.ts";
import { SignUpSchema } from "./volunteering.schema.ts";
import { firstIssues, refusedForm } from "../../lib/form-submission.ts";
import { signUpAndConfirm } from "./volunteering.server.ts";
import { CONSENT_FIELD, ConsentBox, consentTicked } from "../supporters/ui.ts";
import type { Route } from "./+types/volunteer-page";

export async function loader() {
  return { opportunities: await listOpenOpportunities() };
}

type Values = Record<string, string | string[]>;

const REFUSALS = {
  unknown: "One of the shifts you chose is no longer offered. Please choose again.",
  closed: "Sign-up has closed for a shift you chose. Please choose another.",
  full: "A shift you chose filled up before your form arrived. Please choose another.",
  overlap: "You cannot take two shifts that overlap. Please choose one of them.",
  already: "You are already signed up for a shift you chose.",
} as const;

function valuesOf(formData: FormData): Values {
  return {
    fullName: String(formData.get("fullName") ?? ""),
    email: String(formData.get("email") ?? ""),
    phone: String(formData.get("phone") ?? ""),
    terms: String(formData.get("terms") ?? ""),
    [CONSENT_FIELD]: consentTicked(formData.get(CONSENT_FIELD)) ? "on" : "",
    shifts: formData.getAll("shifts").map(String),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ip = context.get(requestInfoContext).ip;
  const read = await readSignUpPost(request, ip);
  const noStore = { "Cache-Control": "private, no-store" };
  if (read.status === "rate-limited") return data<PublicReply>({ limited: true }, { status: 429, headers: noStore });
  const { formData } = read;
  const values = valuesOf(formData);
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger.info({ ip }, "honeypot volunteer sign-up ignored");
    return data<PublicReply>(refusedForm({ _form: "Your form could not be sent. Please try again." }, values), { status: 400, headers: noStore });
  }
  const parsed = SignUpSchema.safeParse(values);
  if (!parsed.success) return data<PublicReply>(refusedForm(firstIssues(parsed.error), values), { status: 400, headers: noStore });
  const { fullName, email, phone, shifts } = parsed.data;
  const result = await signUpAndConfirm({ fullName, email, phone, emailConsent: consentTicked(formData.get(CONSENT_FIELD)) }, shifts, { source: "public" });
  if (!result.ok) {
    const refused = new Set(result.shiftIds.map(String));
    const shifts = formData.getAll("shifts").map(String).filter((id) => !refused.has(id));
    return data<PublicReply>(refusedForm({ shifts: REFUSALS[result.reason] }, { ...values, shifts }), { status: 409, headers: noStore });
  }
  // Post, then redirect: the confirmation is the manage page itself (its address is the
  // link to keep), so a reload or a live refresh of this page never loses it.
  return redirect(`${managePath(result.token)}?welcome=1`, { status: 303, headers: noStore });
}

export function headers({ actionHeaders, parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  const cacheControl = actionHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
}

export const handle: BodyLimitHandle = { bodyLimit: BODY_LIMITS.publicForm };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Volunteer",
    description: "Give a few hours to Millbrook: choose a shift at a craft fair, an event or in the community, and sign up in a minute. No account needed.",
    path: "/volunteer",
    ...siteFrom(matches),
  });

const LABELS = { fullName: "Full name", email: "Email address", phone: "Phone number", shifts: "Shifts", terms: "Terms", _form: "Form" };

export default function VolunteerPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Volunteer"
        title="Give a few hours to Millbrook"
        intro="Choose one or more shifts below and sign up with your name, email and phone. No account needed: you get a link to see or cancel your shifts."
      />
      <Section id="shifts" tone="white">
        <SignUpForm opportunities={loaderData.opportunities} reply={actionData} />
      </Section>
    </>
  );
}

function SignUpForm({ opportunities, reply }: { opportunities: PublicOpportunity[]; reply: PublicReply | undefined }) {
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
    <Form method="post" action="/volunteer#signup-result" noValidate className="relative mx-auto max-w-4xl space-y-8">
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
          </section>
        ))}
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
