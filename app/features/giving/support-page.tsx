import type { QueryHandle } from "../../lib/page-query.ts";
import { data, Form, redirect } from "react-router";
import { ConsentBox } from "../supporters/ui.ts";
import { DonationForm, donationReply, type FeeConfirmation } from "./donation-form.tsx";
import { Confirmation, ErrorSummary, Honeypot, RateLimited, readReply, SubmitButton } from "../../components/site/form-kit.tsx";
import { CalendarIcon, HandIcon, HeartIcon, MailIcon } from "../../components/site/icons.tsx";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { ChoiceGroup, TextAreaField, TextField } from "../../components/ui/fields.tsx";
import { VolunteerTermsBox } from "../../components/site/volunteer-terms-box.tsx";
import { FOUNDATION } from "../../content/sample-content.ts";
import { listPublicFaqs } from "../faqs/index.ts";
import { getPageTexts } from "../page-texts/index.ts";
import { listVolunteerRoles, type PublicVolunteerRole } from "../volunteer-roles/index.ts";
import { VolunteerRolesList } from "../volunteer-roles/ui.ts";
import { DEFAULT_MAX_DONATION_PENCE, donationValues, parseDonation } from "./donation.schema.ts";
import { startDonationCheckout, checkoutValues } from "./checkout.server.ts";
import { countCheckoutStart } from "../../domain/limits/checkout-starts.server.ts";
import { DEFAULT_OTHER_WAYS_TEXT, donationCauses, readGivingSettings } from "./settings.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { paymentsConfigured, publicOrigin } from "../../payments/stripe.server.ts";
import { charityDetails, readFeeRates } from "../gift-options/index.ts";
import { DEFAULT_FEE_RATES } from "./fees.ts";
import { AVAILABILITY_OPTIONS } from "../../features/submissions/ui.ts";
import { publicAnswer, readPublicFormPost, submissionStatus, submitPublicForm, type PublicAnswer } from "../../features/submissions/index.ts";
import { readFormData } from "../../lib/form-post.server.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import type { FormReply } from "../../lib/form-reply.ts";
import { refusedForm } from "../../lib/form-submission.ts";
import type { Route } from "./+types/support-page";
import { BODY_LIMITS, type BodyLimitHandle } from "../../lib/body-limits.ts";

/**
 * The volunteer offer's answer (the other form of this page); a sent offer's carries the
 * thank-you texts, which the page's data leaves out (they show only after sending).
 */
type VolunteerAnswer = { intent: "volunteer" } & (
  | (Extract<PublicAnswer, { status: "ok" }> & { thanks: { title: string; text: string } })
  | Extract<PublicAnswer, { status: "refused" }>
);

/** Page texts shown only in the volunteer offer's answer, so not sent with every page. */
const THANKS_TEXTS = new Set(["thanks_title", "thanks_text"]);

/**
 * The donation's answer when it does not go on to Checkout: Conform's reply (the fields'
 * messages, the form's own under `_form`, the values as posted), and, when the donor covers
 * the fee and was not yet shown the total, the server's statement of it (asked once more).
 */
type DonationAnswer = { intent: "donate"; reply: FormReply; confirmFee?: FeeConfirmation };

/** The form's own messages: nothing was taken either way. */
const DONATION_MESSAGES = {
  failed: "We could not reach our card payment provider just now. Nothing was taken. Please try again in a few minutes.",
  limited: "You have started several payments in a short time. Please wait a few minutes and try again. Nothing has been taken.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("checkout");
  const [settings, causes, roles, faqs, texts, fees, charity] = await Promise.all([
    readGivingSettings().catch(() => ({ maxDonationPence: DEFAULT_MAX_DONATION_PENCE, otherWaysText: DEFAULT_OTHER_WAYS_TEXT })),
    donationCauses().catch(() => []),
    listVolunteerRoles(),
    listPublicFaqs(),
    getPageTexts("support"),
    readFeeRates().catch(() => DEFAULT_FEE_RATES),
    charityDetails(context),
  ]);
  // Back from Checkout's Cancel: the form as the donor left it (never cached: it is theirs).
  const prefill = token ? await checkoutValues(token).catch(() => null) : null;
  return data(
    {
      giving: paymentsConfigured()
        ? ({ enabled: true, maxPence: settings.maxDonationPence, causes, fees, charity } as const)
        : ({ enabled: false, otherWaysText: settings.otherWaysText } as const),
      prefill,
      roles: roles.items,
      faqs: faqs.items,
      texts: Object.fromEntries(Object.entries(texts).filter(([key]) => !THANKS_TEXTS.has(key))),
      // From the loader, so the sample content module stays out of the page's script.
      partnershipsEmail: FOUNDATION.partnershipsEmail,
    },
    token ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

export function headers({ loaderHeaders, actionHeaders, parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  const cacheControl = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
}

export async function action({ request, context }: Route.ActionArgs) {
  // Both forms of this page post here. A volunteer offer is counted against the address's
  // limit before its body is read. A donation says so in its address (?form=donate) and is
  // never counted there: a donation is not refused for volunteer offers (it only starts a
  // Checkout session, and Stripe sees the payment). A donation posted to the bare address
  // (a page from before) is counted as a volunteer post and given back, as before.
  const ip = context.get(requestInfoContext).ip;
  const donating = new URL(request.url).searchParams.get("form") === "donate";
  const read = donating
    ? ({ status: "read", formData: await readFormData(request), release: async () => {} } as const)
    : await readPublicFormPost("volunteer", request, ip);
  if (read.status === "rate-limited") {
    return data<VolunteerAnswer>({ intent: "volunteer", status: "refused", reply: { limited: true } }, { status: 429 });
  }
  const { formData } = read;
  if (formData.get("intent") === "donate") {
    await read.release();
    const values = donationValues(formData);
    const noStore = { "Cache-Control": "private, no-store" };
    if (!paymentsConfigured()) {
      return data<DonationAnswer>({ intent: "donate", reply: refusedForm({ _form: DONATION_MESSAGES.failed }, values) }, { status: 503, headers: noStore });
    }
    const [settings, causes, fees] = await Promise.all([readGivingSettings(), donationCauses(), readFeeRates()]);
    const parsed = parseDonation(values, { maxPence: settings.maxDonationPence, causeIds: causes.map((c) => c.id), fees });
    if (!parsed.ok) {
      return data<DonationAnswer>({ intent: "donate", reply: refusedForm(parsed.errors, values) }, { status: 400, headers: noStore });
    }
    // Covering the fee: the donor goes on to pay only a total they were shown. The browser
    // sends the total it showed; without JavaScript (or when it differs) the server shows it.
    const donation = parsed.value;
    const totalPence = donation.amountPence + donation.feePence;
    if (donation.feePence > 0 && values.feeTotalSeen !== String(totalPence)) {
      const confirmFee: FeeConfirmation = {
        giftPence: donation.amountPence,
        feePence: donation.feePence,
        totalPence,
        monthly: donation.frequency === "monthly",
        directDebit: donation.paymentMethod === "bacs_debit",
      };
      return data<DonationAnswer>({ intent: "donate", reply: refusedForm({}, { ...values, feeTotalSeen: String(totalPence) }), confirmFee }, { headers: noStore });
    }
    if (!(await countCheckoutStart(ip))) {
      return data<DonationAnswer>({ intent: "donate", reply: refusedForm({ _form: DONATION_MESSAGES.limited }, values) }, { status: 429, headers: noStore });
    }
    try {
      const url = await startDonationCheckout(parsed.value, values, publicOrigin());
      return redirect(url, { status: 303 });
    } catch (error) {
      logger.error({ err: error instanceof Error ? error.message : String(error) }, "starting a donation checkout failed");
      return data<DonationAnswer>({ intent: "donate", reply: refusedForm({ _form: DONATION_MESSAGES.failed }, values) }, { status: 502, headers: noStore });
    }
  }
  // Interests are the roles shown now.
  const roles = await listVolunteerRoles();
  const result = await submitPublicForm("volunteer", formData, { ip, choices: { interests: roles.items.map((r) => r.slug) } });
  const answer = publicAnswer(result);
  if (answer.status === "ok") {
    const texts = await getPageTexts("support");
    return data<VolunteerAnswer>({ intent: "volunteer", ...answer, thanks: { title: texts.thanks_title, text: texts.thanks_text } }, { status: submissionStatus(result) });
  }
  return data<VolunteerAnswer>({ intent: "volunteer", ...answer }, { status: submissionStatus(result) });
}

export const handle: BodyLimitHandle & QueryHandle = { query: ["checkout", "form"], bodyLimit: BODY_LIMITS.publicForm };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Support Us",
    description:
      "Donate once or monthly, volunteer your time, or support Millbrook Community Foundation as a business. Every pound stays in Millbrook.",
    path: "/support",
    ...siteFrom(matches),
  });

const VOLUNTEER_LABELS: Record<string, string> = {
  fullName: "Full name",
  email: "Email address",
  phone: "Phone number",
  town: "Town or city",
  postcode: "Postcode",
  interests: "Areas of interest",
  availability: "Availability",
  skills: "Skills",
  motivation: "Why you'd like to volunteer",
  terms: "Terms",
};

export default function Support({ actionData, loaderData }: Route.ComponentProps) {
  const donation = actionData?.intent === "donate" ? actionData : undefined;
  const volunteer = actionData?.intent === "volunteer" ? actionData : undefined;
  const { texts, partnershipsEmail } = loaderData;
  const partnerships = `mailto:${partnershipsEmail}?subject=${encodeURIComponent("Corporate support")}`;
  const ways = [
    { Icon: HeartIcon, href: "#donate" },
    { Icon: HandIcon, href: "#volunteer" },
    { Icon: CalendarIcon, href: "/events" },
  ].map((way, i) => ({ ...way, title: texts[`way_${i + 1}_title`], body: texts[`way_${i + 1}_body`], cta: texts[`way_${i + 1}_link`] }));
  const examples = [1, 2, 3, 4].map((i) => [texts[`example_${i}_amount`], texts[`example_${i}_text`]]).filter(([amount]) => amount);

  return (
    <>
      <PageHero
        image="/images/hero.svg"
        eyebrow={texts.hero_eyebrow}
        title={texts.hero_title}
        intro={texts.hero_intro}
      >
        <a href="#donate" className={buttonClasses("sun", "lg")}>
          <HeartIcon className="size-5" />
          {texts.hero_primary}
        </a>
        <a href="#volunteer" className={buttonClasses("secondary", "lg")}>
          {texts.hero_secondary}
        </a>
      </PageHero>

      <Section tone="white" eyebrow={texts.ways_eyebrow} title={texts.ways_title}>
        <ul className="grid gap-6 md:grid-cols-3">
          {ways.map(({ Icon, title, body, href, cta }) => (
            <li key={href} className="flex flex-col rounded-3xl bg-brand-50 p-7 ring-1 ring-brand-100">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-600 text-white">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-5 font-display text-2xl font-semibold text-brand-900">{title}</h3>
              <p className="mt-2 flex-1 text-slate-700">{body}</p>
              <a href={href} className="mt-5 font-semibold text-brand-700 underline underline-offset-4">
                {cta}
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="donate" tone="cream" eyebrow={texts.donate_eyebrow} title={texts.donate_title}>
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-[1fr_28rem]">
          <div className="space-y-4 text-lg leading-relaxed text-slate-700">
            <p>{texts.donate_text}</p>
            <ul className="space-y-3">
              {examples.map(([amount, what], i) => (
                <li key={i} className="flex gap-3">
                  <strong className="w-14 shrink-0 font-display text-2xl font-semibold text-brand-700">{amount}</strong>
                  <span>{what}</span>
                </li>
              ))}
            </ul>
            <p className="rounded-2xl bg-white/70 p-4 text-base ring-1 ring-slate-200">
              Already give to us?{" "}
              <a href="/manage-giving" className="font-semibold text-brand-700 underline underline-offset-4">
                Manage my giving
              </a>
              : receipts, yearly statements, Gift Aid and your monthly gift.
            </p>
          </div>
          <div className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
            <DonationForm
              giving={loaderData.giving}
              answer={donation}
              prefill={loaderData.prefill}
              consent={<ConsentBox id="donation-emailConsent" defaultChecked={donationReply(donation, loaderData.prefill).checked("emailConsent")} />}
            />
          </div>
        </div>
      </Section>

      <Section id="volunteer" tone="white" eyebrow={texts.volunteer_eyebrow} title={texts.volunteer_title}>
        <p className="max-w-3xl text-lg text-slate-700">{texts.volunteer_intro}</p>
        <p className="mt-4">
          <a href="/volunteer" className={buttonClasses("primary", "md")} data-testid="volunteer-shifts-link">
            <CalendarIcon className="size-5" />
            See open shifts and sign up
          </a>
        </p>
        <VolunteerRolesList roles={loaderData.roles} />
        <div className="mt-12 rounded-3xl bg-[#fbf6ea] p-6 sm:p-10">
          <VolunteerForm result={volunteer} roles={loaderData.roles} texts={texts} />
        </div>
      </Section>

      <Section tone="green" eyebrow={texts.corporate_eyebrow} title={texts.corporate_title}>
        <div className="grid items-center gap-8 lg:grid-cols-[1fr_auto]">
          <p className="max-w-3xl text-lg text-slate-700">{texts.corporate_text}</p>
          <div>
            <a href={partnerships} className={buttonClasses("primary", "lg")}>
              <MailIcon />
              {texts.corporate_button}
            </a>
            <p className="mt-2 text-sm break-all text-slate-700">{partnershipsEmail}</p>
          </div>
        </div>
      </Section>

      {loaderData.faqs.length > 0 && (
        <Section id="faq" tone="white" eyebrow={texts.faq_eyebrow} title={texts.faq_title}>
          <div className="max-w-3xl divide-y divide-slate-200 rounded-3xl ring-1 ring-slate-200" data-testid="faq-list">
            {loaderData.faqs.map((item, i) => (
              <details key={i} className="group p-6">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 text-lg font-semibold text-brand-900 [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <span aria-hidden="true" className="text-2xl text-brand-600 transition-transform group-open:rotate-45">
                    +
                  </span>
                </summary>
                <p className="mt-3 leading-relaxed whitespace-pre-line text-slate-700">{item.answer}</p>
              </details>
            ))}
          </div>
        </Section>
      )}
    </>
  );
}

function VolunteerForm({ result, roles, texts }: { result: VolunteerAnswer | undefined; roles: PublicVolunteerRole[]; texts: Record<string, string> }) {
  const { text, list, errors, checked, limited } = readReply(result?.status === "refused" ? result.reply : undefined);
  if (result?.status === "ok") {
    return (
      <Confirmation id="volunteer-result" title={result.thanks.title} reference={result.reference} againHref="/support#volunteer" againLabel="Send another application">
        {result.thanks.text}
      </Confirmation>
    );
  }
  return (
    <Form method="post" action="/support#volunteer-result" noValidate className="relative space-y-6" aria-labelledby="volunteer-form-heading">
      <input type="hidden" name="intent" value="volunteer" />
      <div>
        <h3 id="volunteer-form-heading" className="font-display text-3xl font-semibold text-brand-900">
          {texts.form_title}
        </h3>
        <p className="mt-2 text-slate-700">{texts.form_intro}</p>
      </div>
      {limited ? <RateLimited id="volunteer-result" /> : null}
      <ErrorSummary id="volunteer-result" errors={errors} labels={VOLUNTEER_LABELS} />
      <Honeypot />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="fullName" label="Full name" autoComplete="name" defaultValue={text("fullName")} error={errors.fullName} />
        <TextField name="email" type="email" label="Email address" autoComplete="email" defaultValue={text("email")} error={errors.email} />
        <TextField name="phone" type="tel" label="Phone number" autoComplete="tel" defaultValue={text("phone")} error={errors.phone} />
        <div className="grid grid-cols-2 gap-4">
          <TextField name="town" label="Town or city" optional autoComplete="address-level2" defaultValue={text("town")} error={errors.town} />
          <TextField name="postcode" label="Postcode" optional autoComplete="postal-code" defaultValue={text("postcode")} error={errors.postcode} />
        </div>
      </div>
      <ChoiceGroup
        type="checkbox"
        name="interests"
        legend="Areas of interest"
        hint="Choose any roles you would like to hear about."
        options={roles.map((r) => ({ id: r.slug, label: r.title }))}
        defaultValue={list("interests")}
        error={errors.interests}
      />
      <ChoiceGroup
        type="checkbox"
        name="availability"
        legend="When are you available?"
        hint="Choose all that apply."
        options={AVAILABILITY_OPTIONS}
        defaultValue={list("availability")}
        error={errors.availability}
        columns={2}
      />
      <TextAreaField name="skills" label="Skills and experience" optional rows={3} defaultValue={text("skills")} error={errors.skills} />
      <TextAreaField name="motivation" label="Why would you like to volunteer?" rows={4} defaultValue={text("motivation")} error={errors.motivation} />
      <VolunteerTermsBox defaultChecked={checked("terms")} error={errors.terms} />
      <ConsentBox id="volunteer-emailConsent" defaultChecked={checked("emailConsent")} />
      <SubmitButton intent="volunteer">Submit Application</SubmitButton>
    </Form>
  );
}
