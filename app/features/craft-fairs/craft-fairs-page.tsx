import type { QueryHandle } from "../../lib/page-query.ts";
import { data, Form, useLocation, useNavigation } from "react-router";
import { ConsentBox } from "../supporters/ui.ts";
import { DateBadge } from "../../components/site/date-badge.tsx";
import { formatLongDate, formatTime } from "../../components/site/format.ts";
import { CalendarIcon, ClockIcon, MapPinIcon, UsersIcon } from "../../components/site/icons.tsx";
import { Confirmation, ErrorSummary, Honeypot, RateLimited, readReply, SubmitButton } from "../../components/site/form-kit.tsx";
import { refusedForm } from "../../lib/form-submission.ts";
import { EmailText } from "../../components/site/email-text.tsx";
import { Pager } from "../../components/site/pager.tsx";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { SafeImage } from "../../components/site/safe-image.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { CheckboxField, ChoiceGroup, SelectField, TextAreaField, TextField } from "../../components/ui/fields.tsx";
import { activeTab, skipRevalidationOnTabChange, Tabs } from "../../components/ui/tabs.tsx";
import { getContactDetails } from "../../features/contact/index.ts";
import { fillIn, getPageTexts } from "../../features/page-texts/index.ts";
import { listGallery, type PublicGalleryImage } from "../craft-fair-gallery/index.ts";
import { CraftFairGallery } from "../craft-fair-gallery/ui.ts";
import { closedFairProblem, listFairsOpenForApplications, listPastCraftFairs, listUpcomingCraftFairs } from "./craft-fairs.server.ts";
import { CRAFT_CATEGORIES, ELECTRICITY_PRICE, STALL_SIZES } from "../../features/submissions/ui.ts";
import { publicAnswer, readPublicFormPost, submissionStatus, submitPublicForm, type PublicAnswer, type SubmissionResult } from "../../features/submissions/index.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/craft-fairs-page";
import { BODY_LIMITS, type BodyLimitHandle } from "../../lib/body-limits.ts";
import { ukDate } from "../../lib/uk-time.ts";

export const FAIR_TABS = ["upcoming", "past", "apply"] as const;

export const handle: BodyLimitHandle & QueryHandle = { query: ["tab", "page"], bodyLimit: BODY_LIMITS.publicForm };

/** Upcoming fairs a page: three rows of the two-column grid. */
const FAIRS_PER_PAGE = 6;

export async function loader({ request }: Route.LoaderArgs) {
  const today = ukDate();
  const [upcoming, past, open, gallery, contact, texts] = await Promise.all([
    listUpcomingCraftFairs(),
    listPastCraftFairs(),
    listFairsOpenForApplications(today),
    listGallery(),
    getContactDetails(),
    getPageTexts("craft-fairs"),
  ]);
  // The upcoming fairs a page at a time (?page=, on the upcoming tab).
  const pages = Math.max(1, Math.ceil(upcoming.items.length / FAIRS_PER_PAGE));
  const asked = Number(new URL(request.url).searchParams.get("page"));
  const page = Number.isInteger(asked) && asked > 1 ? Math.min(asked, pages) : 1;
  return {
    upcoming: upcoming.items.slice((page - 1) * FAIRS_PER_PAGE, page * FAIRS_PER_PAGE),
    page,
    pages,
    pageStatus: fillIn(texts.paging_status, { page: String(page), pages: String(pages) }),
    past: past.items,
    gallery: gallery.items,
    // Only what the form's choices show.
    openForApplications: open.map(({ id, title, date, application_deadline }) => ({ id, title, date, application_deadline })),
    email: contact.craft_fairs_email,
    texts,
  };
}

/** The stall application's answer: its reference, or Conform's reply (or the limit). */
type StallResult = PublicAnswer & { form: "stall" };

export async function action({ request, context }: Route.ActionArgs) {
  const ip = context.get(requestInfoContext).ip;
  const read = await readPublicFormPost("stall_application", request, ip);
  if (read.status === "rate-limited") return data<StallResult>({ form: "stall", status: "refused", reply: { limited: true } }, { status: 429 });
  // The server refuses fairs whose application deadline has passed, whatever the page showed.
  const chosen = read.formData.getAll("fairs").filter((v): v is string => typeof v === "string" && v.trim() !== "");
  const closed = await closedFairProblem(chosen.map((t) => t.trim()), ukDate());
  if (closed) {
    const problem = closed.deadline
      ? `Applications for "${closed.title}" closed on ${formatLongDate(closed.deadline)}`
      : `"${closed.title}" is not taking stall applications`;
    const values: Record<string, string | string[]> = {};
    for (const [key, value] of read.formData.entries()) if (typeof value === "string" && key !== "fairs") values[key] = value;
    return data<StallResult>({ form: "stall", status: "refused", reply: refusedForm({ fairs: problem }, values) }, { status: 400 });
  }
  const result: SubmissionResult = await submitPublicForm("stall_application", read.formData, { ip });
  return data<StallResult>({ form: "stall", ...publicAnswer(result) }, { status: submissionStatus(result) });
}

export const shouldRevalidate = skipRevalidationOnTabChange;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Craft Fairs",
    description:
      "Handmade gifts from Millbrook's makers: upcoming craft fairs, photos from past fairs, and how to apply for a stall (6ft £30, 8ft £45).",
    path: "/craft-fairs",
    ...siteFrom(matches),
  });

const STALL_LABELS: Record<string, string> = {
  fullName: "Full name",
  businessName: "Business name",
  email: "Email address",
  phone: "Phone number",
  craftCategory: "Craft category",
  productDescription: "Product description",
  fairs: "Fairs of interest",
  stallSize: "Stall size",
  electricity: "Electricity",
  photos: "Photos of your work",
  comments: "Comments",
  terms: "Terms",
};

export default function CraftFairs({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const result = actionData;
  const tab = result ? "apply" : activeTab(`http://x${location.pathname}${location.search}`, FAIR_TABS);
  const { upcoming, past, texts } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  return (
    <>
      <PageHero
        image="/images/craft-fairs/gallery-crowd.svg"
        eyebrow={texts.hero_eyebrow}
        title={texts.hero_title}
        intro={texts.hero_intro}
      />
      <Section tone="white">
        <Tabs
          idBase="craft-fairs"
          label="Craft fair sections"
          active={tab}
          tabs={[
            { id: "upcoming", label: "Upcoming Fairs" },
            { id: "past", label: "Past Fairs" },
            { id: "apply", label: "Apply for a Stall" },
          ]}
        >
          {tab === "upcoming" ? (
            <div className={loading ? "opacity-60 transition-opacity" : undefined} aria-busy={loading}>
              <UpcomingFairs fairs={upcoming} texts={texts} />
              <Pager
                page={loaderData.page}
                pages={loaderData.pages}
                href={(n) => `?tab=upcoming${n > 1 ? `&page=${n}` : ""}#craft-fairs-tab-upcoming`}
                label="Pages of upcoming fairs"
                previous={texts.paging_previous}
                next={texts.paging_next}
                status={loaderData.pageStatus}
              />
            </div>
          ) : null}
          {tab === "past" ? <PastFairs fairs={past} gallery={loaderData.gallery} texts={texts} /> : null}
          {tab === "apply" ? <ApplyForStall fairs={loaderData.openForApplications} email={loaderData.email} result={result} texts={texts} /> : null}
        </Tabs>
      </Section>
    </>
  );
}

type Fair = Route.ComponentProps["loaderData"]["upcoming"][number];
type OpenFair = Route.ComponentProps["loaderData"]["openForApplications"][number];
type Texts = Route.ComponentProps["loaderData"]["texts"];

function UpcomingFairs({ fairs, texts }: { fairs: Fair[]; texts: Texts }) {
  if (fairs.length === 0) {
    return <p className="rounded-3xl bg-brand-50 p-8 text-center text-lg text-slate-700">{texts.upcoming_empty}</p>;
  }
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {fairs.map((fair, index) => (
        <article key={fair.id} className="flex min-w-0 flex-col overflow-hidden rounded-3xl wrap-anywhere bg-white shadow-sm ring-1 ring-slate-200">
          <div className="relative aspect-[16/9] bg-brand-50">
            {/* The first fair's picture is a phone's largest paint: it loads with the page, not lazily after layout. */}
            <SafeImage src={fair.image} alt={fair.image_alt ?? ""} focal={fair.image_focal} loading={index === 0 ? "eager" : "lazy"} width={800} height={450} className="size-full object-cover" />
            <DateBadge date={fair.date} className="absolute top-4 left-4" />
          </div>
          <div className="flex flex-1 flex-col p-6">
            <h2 className="font-display text-2xl font-semibold text-brand-900">{fair.title}</h2>
            <ul className="mt-3 grid gap-1.5 text-slate-700 sm:grid-cols-2">
              <li className="flex items-center gap-2">
                <CalendarIcon className="size-4 text-brand-600" />
                {formatLongDate(fair.date)}
              </li>
              <li className="flex items-center gap-2">
                <ClockIcon className="size-4 text-brand-600" />
                {formatTime(fair.time)}
              </li>
              <li className="flex items-center gap-2 sm:col-span-2">
                <MapPinIcon className="size-4 text-brand-600" />
                {fair.location}
              </li>
            </ul>
            <p className="mt-3 flex-1 text-slate-700">{fair.description}</p>
            <dl className="mt-5 grid grid-cols-2 gap-3">
              <div className="rounded-2xl bg-brand-50 p-3">
                <dt className="text-sm text-slate-600">Stalls available</dt>
                <dd className="font-display text-2xl font-semibold text-brand-800">{fair.stalls_available}</dd>
              </div>
              <div className="rounded-2xl bg-sun-100 p-3">
                <dt className="text-sm text-slate-600">Application deadline</dt>
                <dd className="font-semibold text-ink">{formatLongDate(fair.application_deadline)}</dd>
              </div>
            </dl>
          </div>
        </article>
      ))}
    </div>
  );
}

function PastFairs({ fairs, gallery, texts }: { fairs: Fair[]; gallery: PublicGalleryImage[]; texts: Texts }) {
  const testimonials = [1, 2, 3]
    .map((i) => ({ quote: texts[`testimonial_${i}_quote`], name: texts[`testimonial_${i}_name`], stall: texts[`testimonial_${i}_stall`] }))
    .filter((t) => t.quote);
  return (
    <div className="space-y-14">
      <div className="grid gap-6 md:grid-cols-2">
        {fairs.map((fair) => (
          <article key={fair.id} className="min-w-0 overflow-hidden rounded-3xl wrap-anywhere bg-white shadow-sm ring-1 ring-slate-200">
            <SafeImage src={fair.image} alt={fair.image_alt ?? ""} focal={fair.image_focal} loading="lazy" width={800} height={450} className="aspect-[16/9] w-full bg-brand-50 object-cover" />
            <div className="p-6">
              <h2 className="font-display text-2xl font-semibold text-brand-900">{fair.title}</h2>
              <p className="mt-1 text-slate-600">
                {formatLongDate(fair.date)} · {fair.location}
              </p>
              <p className="mt-3 text-slate-700">{fair.description}</p>
              <ul className="mt-4 flex flex-wrap gap-2">
                {fair.attendance ? (
                  <li className="inline-flex items-center gap-1.5 rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
                    <UsersIcon className="size-4" />
                    {fair.attendance}
                  </li>
                ) : null}
                {fair.stallholders ? (
                  <li className="rounded-full bg-sun-100 px-3 py-1 text-sm font-semibold text-ink">{fair.stallholders}</li>
                ) : null}
              </ul>
            </div>
          </article>
        ))}
      </div>
      <CraftFairGallery images={gallery} title={texts.gallery_title} />
      {testimonials.length > 0 && (
      <div>
        <h2 className="font-display text-3xl font-semibold text-brand-900">{texts.testimonials_title}</h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {testimonials.map((t, i) => (
            <li key={i}>
              <figure className="h-full rounded-3xl bg-[#fbf6ea] p-6 ring-1 ring-sun-300/50">
                <blockquote className="text-lg leading-relaxed text-ink">“{t.quote}”</blockquote>
                {(t.name || t.stall) && (
                  <figcaption className="mt-4 text-slate-700">
                    <strong className="font-semibold">{t.name}</strong>
                    {t.name && t.stall ? ", " : ""}
                    {t.stall}
                  </figcaption>
                )}
              </figure>
            </li>
          ))}
        </ul>
      </div>
      )}
    </div>
  );
}

function ApplyForStall({ fairs, email: CRAFT_FAIRS_EMAIL, result, texts }: { fairs: OpenFair[]; email: string; result: StallResult | undefined; texts: Texts }) {
  const steps = [1, 2, 3, 4].map((i) => texts[`step_${i}`]).filter(Boolean);
  const { text, list, errors, checked, limited } = readReply(result?.status === "refused" ? result.reply : undefined);
  if (result?.status === "ok") {
    return (
      <Confirmation id="stall-result" title="Thank you for applying!" reference={result.reference} againHref="/craft-fairs?tab=apply" againLabel="Apply for another stall">
        We review every application within 14 days and will email you with our decision and payment details. Questions? Email{" "}
        <a href={`mailto:${CRAFT_FAIRS_EMAIL}`} className="font-semibold text-brand-700 underline">
          <EmailText address={CRAFT_FAIRS_EMAIL} />
        </a>
        .
      </Confirmation>
    );
  }
  if (fairs.length === 0 && !(result?.status === "refused" && !limited)) {
    return (
      <p id="stall-result" className="rounded-3xl bg-brand-50 p-8 text-center text-lg text-slate-700" data-testid="stall-applications-closed">
        No fairs are taking stall applications at the moment. Please check back later, or email{" "}
        <a href={`mailto:${CRAFT_FAIRS_EMAIL}`} className="font-semibold text-brand-700 underline">
          <EmailText address={CRAFT_FAIRS_EMAIL} />
        </a>
        .
      </p>
    );
  }
  return (
    <div className="grid gap-10 lg:grid-cols-[20rem_1fr]">
      <div className="space-y-6">
        <div className="rounded-3xl bg-brand-50 p-6 ring-1 ring-brand-100">
          <h2 className="font-display text-2xl font-semibold text-brand-900">{texts.info_title}</h2>
          <ul className="mt-4 space-y-3">
            {STALL_SIZES.map((s) => (
              <li key={s.id} className="flex justify-between gap-4">
                <span>{s.label}</span>
                <strong className="font-semibold text-brand-800">£{s.price}</strong>
              </li>
            ))}
            <li className="flex justify-between gap-4">
              <span>Electricity</span>
              <strong className="font-semibold text-brand-800">£{ELECTRICITY_PRICE} extra</strong>
            </li>
          </ul>
          <p className="mt-4 text-sm text-slate-700">{texts.info_note}</p>
        </div>
        <div className="rounded-3xl bg-sun-100 p-6">
          <h2 className="font-display text-2xl font-semibold text-brand-900">{texts.steps_title}</h2>
          <ol className="mt-4 space-y-3">
            {steps.map((step, i) => (
              <li key={i} className="flex gap-3">
                <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
                  {i + 1}
                </span>
                {step}
              </li>
            ))}
          </ol>
        </div>
      </div>

      <Form method="post" action="/craft-fairs?tab=apply#stall-result" encType="multipart/form-data" noValidate className="relative space-y-6" aria-labelledby="stall-form-heading">
        <h2 id="stall-form-heading" className="font-display text-3xl font-semibold text-brand-900">
          {texts.form_title}
        </h2>
        {limited ? <RateLimited id="stall-result" /> : null}
        <ErrorSummary id="stall-result" errors={errors} labels={STALL_LABELS} />
        <Honeypot />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="fullName" label="Full name" autoComplete="name" defaultValue={text("fullName")} error={errors.fullName} />
          <TextField name="businessName" label="Business name" autoComplete="organization" defaultValue={text("businessName")} error={errors.businessName} />
          <TextField name="email" type="email" label="Email address" autoComplete="email" defaultValue={text("email")} error={errors.email} />
          <TextField name="phone" type="tel" label="Phone number" autoComplete="tel" defaultValue={text("phone")} error={errors.phone} />
        </div>
        <SelectField name="craftCategory" label="Craft category" options={CRAFT_CATEGORIES} defaultValue={text("craftCategory")} error={errors.craftCategory} />
        <TextAreaField
          name="productDescription"
          label="Product description"
          hint="Tell us what you make, your materials and your price range."
          defaultValue={text("productDescription")}
          error={errors.productDescription}
        />
        <ChoiceGroup
          type="checkbox"
          name="fairs"
          legend="Which fairs would you like to attend?"
          hint="Choose at least one."
          options={fairs.map((f) => ({ id: f.title, label: f.title, description: `${formatLongDate(f.date)}. Apply by ${formatLongDate(f.application_deadline)}.` }))}
          defaultValue={list("fairs")}
          error={errors.fairs}
        />
        <ChoiceGroup
          type="radio"
          name="stallSize"
          legend="Stall size"
          options={STALL_SIZES.map((s) => ({ id: s.id, label: s.label, description: `£${s.price}` }))}
          defaultValue={text("stallSize")}
          error={errors.stallSize}
        />
        <ChoiceGroup
          type="radio"
          name="electricity"
          legend="Do you need electricity?"
          optional
          options={[
            { id: "no", label: "No, thank you" },
            { id: "yes", label: "Yes", description: `£${ELECTRICITY_PRICE} extra` },
          ]}
          defaultValue={text("electricity") || "no"}
          error={errors.electricity}
        />
        <TextField
          name="photos"
          type="file"
          label="Photos of your work"
          hint="Upload 3 to 5 photos, max 5MB each. JPEG, PNG, WebP or GIF images only."
          accept="image/jpeg,image/png,image/webp,image/gif"
          multiple
          error={errors.photos}
          className="[&_input]:py-2"
        />
        <TextAreaField name="comments" label="Comments" optional defaultValue={text("comments")} error={errors.comments} rows={3} />
        <CheckboxField
          name="terms"
          label={
            <>
              I agree to the{" "}
              <a href="/terms/stallholders" target="_blank" rel="noopener" className="font-semibold text-brand-700 underline">
                stallholder terms<span className="sr-only"> (opens in a new tab)</span>
              </a>
              : I will pay the stall fee if accepted, arrive during setup and leave my pitch tidy. My details are kept as the{" "}
              <a href="/privacy" target="_blank" rel="noopener" className="font-semibold text-brand-700 underline">
                privacy notice<span className="sr-only"> (opens in a new tab)</span>
              </a>{" "}
              explains.
            </>
          }
          defaultChecked={checked("terms")}
          error={errors.terms}
        />
        <ConsentBox id="stall-emailConsent" defaultChecked={checked("emailConsent")} />
        <SubmitButton>Submit Application</SubmitButton>
      </Form>
    </div>
  );
}
