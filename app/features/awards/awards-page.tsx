import type { QueryHandle } from "../../lib/page-query.ts";
import { data, Form, useLocation } from "react-router";
import { ConsentBox } from "../supporters/ui.ts";
import { Confirmation, ErrorSummary, Honeypot, RateLimited, readReply, SubmitButton } from "../../components/site/form-kit.tsx";
import { CalendarIcon, StarIcon } from "../../components/site/icons.tsx";
import { EmailText } from "../../components/site/email-text.tsx";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { SafeImage } from "../../components/site/safe-image.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../components/ui/fields.tsx";
import { buttonClasses } from "../../components/ui/button.ts";
import { activeTab, skipRevalidationOnTabChange, Tabs } from "../../components/ui/tabs.tsx";
import { formatLongDate } from "../../components/site/format.ts";
import { nominationsState, type AwardCategory } from "./nominations.ts";
import { getAwardRound, listAwardWinners } from "./awards.server.ts";
import { groupByYear } from "../../domain/community/community-lists.server.ts";
import { getContactDetails } from "../contact/index.ts";
import { fillIn, getPageTexts } from "../page-texts/index.ts";
import { NOMINATOR_RELATIONSHIPS } from "../submissions/ui.ts";
import { refusedForm } from "../../lib/form-submission.ts";
import { publicAnswer, readPublicFormPost, submissionStatus, submitPublicForm, type PublicAnswer } from "../submissions/index.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/awards-page";
import { BODY_LIMITS, type BodyLimitHandle } from "../../lib/body-limits.ts";
import { ukDate } from "../../lib/uk-time.ts";

export const AWARD_TABS = ["about", "categories", "winners", "nominate"] as const;

/** The awards round, its winners and the awards email. */
export const handle: BodyLimitHandle & QueryHandle = { query: ["tab"], bodyLimit: BODY_LIMITS.publicForm };

export async function loader() {
  const [round, winners, contact, texts] = await Promise.all([getAwardRound(), listAwardWinners(), getContactDetails(), getPageTexts("awards")]);
  const today = ukDate();
  const dates = [
    { label: "Nominations open", date: round.nominations_open, time: "" },
    { label: "Nominations close", date: round.nominations_close, time: "" },
    { label: "Awards ceremony", date: round.ceremony_date, time: round.ceremony_time },
  ];
  return {
    state: nominationsState(round, today),
    round: { opens: round.nominations_open, closes: round.nominations_close, venue: round.venue, categories: round.categories },
    // A date has passed once the day is over (UK time).
    upcomingDates: dates.filter((d) => d.date >= today),
    pastDates: dates.filter((d) => d.date < today),
    winners: groupByYear(winners.items),
    awardsEmail: contact.awards_email,
    // (A copy: the read texts are shared through the content cache.)
    texts: {
      ...texts,
      about_text_2: fillIn(texts.about_text_2, { venue: round.venue }),
      nominate_intro: fillIn(texts.nominate_intro, { closing_date: formatLongDate(round.nominations_close) }),
    } as Record<string, string>,
  };
}

/** The nomination's answer: its reference, or Conform's reply to a refused form. */
type NominationResult = PublicAnswer & { form: "nomination" };

export async function action({ request, context }: Route.ActionArgs) {
  const ip = context.get(requestInfoContext).ip;
  const round = await getAwardRound();
  // Nominations close by themselves: a post outside the round's dates is refused and nothing is stored.
  if (nominationsState(round, ukDate()) !== "open") {
    return data({ form: "nomination", status: "closed" } as const, { status: 403 });
  }
  const read = await readPublicFormPost("nomination", request, ip);
  if (read.status === "rate-limited") return data<NominationResult>({ form: "nomination", status: "refused", reply: { limited: true } }, { status: 429 });
  const category = read.formData.get("category");
  if (typeof category === "string" && category.trim() !== "" && !round.categories.some((c) => c.id === category.trim())) {
    const values: Record<string, string> = {};
    for (const [name, value] of read.formData) if (typeof value === "string") values[name] = value;
    return data<NominationResult>({ form: "nomination", status: "refused", reply: refusedForm({ category: "Please choose an award category" }, values) }, { status: 400 });
  }
  const result = await submitPublicForm("nomination", read.formData, { ip });
  return data<NominationResult>({ form: "nomination", ...publicAnswer(result) }, { status: submissionStatus(result) });
}

export const shouldRevalidate = skipRevalidationOnTabChange;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Community Awards",
    description:
      "The Millbrook Community Awards celebrate the people and groups who make our town special. See the categories and past winners, and nominate someone.",
    path: "/awards",
    ...siteFrom(matches),
  });

type Data = Route.ComponentProps["loaderData"];

const NOMINATION_LABELS: Record<string, string> = {
  nominatorName: "Your name",
  email: "Your email address",
  phone: "Your phone number",
  relationship: "Relationship to the nominee",
  nomineeName: "Nominee's name",
  nomineeContact: "Nominee's contact details",
  nomineeAddress: "Nominee's address",
  category: "Award category",
  reason: "Why are you nominating them?",
  impact: "The difference they have made",
  documents: "Supporting documents",
  consent: "Consent",
};

export default function Awards({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const posted = actionData;
  const result = posted?.status === "closed" ? undefined : posted;
  const tab = posted ? "nominate" : activeTab(`http://x${location.pathname}${location.search}`, AWARD_TABS);
  return (
    <>
      <PageHero
        image="/images/awards/ceremony.svg"
        eyebrow={loaderData.texts.hero_eyebrow}
        title={loaderData.texts.hero_title}
        intro={loaderData.texts.hero_intro}
      >
        {/* From the top of the page straight to the form, while nominations are open. */}
        {loaderData.state === "open" ? (
          <a href="/awards?tab=nominate#awards-tab-nominate" className={buttonClasses("primary", "lg")}>
            {loaderData.texts.hero_button}
          </a>
        ) : null}
      </PageHero>
      <Section tone="white">
        <Tabs
          gridOnPhone
          idBase="awards"
          label="Awards sections"
          active={tab}
          tabs={[
            { id: "about", label: "About" },
            { id: "categories", label: "Categories" },
            { id: "winners", label: "Past Winners" },
            { id: "nominate", label: "Nominate" },
          ]}
        >
          {tab === "about" ? <AboutAwards data={loaderData} /> : null}
          {tab === "categories" ? <Categories categories={loaderData.round.categories} /> : null}
          {tab === "winners" ? <Winners groups={loaderData.winners} categories={loaderData.round.categories} empty={loaderData.texts.winners_empty} /> : null}
          {tab === "nominate" ? <Nominate data={loaderData} result={result} /> : null}
        </Tabs>
      </Section>
    </>
  );
}

function KeyDates({ title, dates, testId }: { title: string; dates: Data["upcomingDates"]; testId: string }) {
  if (dates.length === 0) return null;
  return (
    <div data-testid={testId}>
      <h3 className="mt-4 text-sm font-bold tracking-wide text-brand-800 uppercase">{title}</h3>
      <dl className="mt-2 space-y-3">
        {dates.map((d) => (
          <div key={d.label}>
            <dt className="text-sm font-semibold text-slate-700">{d.label}</dt>
            <dd className="font-semibold">
              {formatLongDate(d.date)}
              {d.time ? `, ${d.time}` : ""}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function AboutAwards({ data }: { data: Data }) {
  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-4 text-lg leading-relaxed text-slate-700">
        <h2 className="font-display text-3xl font-semibold text-brand-900">{data.texts.about_title}</h2>
        <p>{data.texts.about_text_1}</p>
        {data.texts.about_text_2 && <p>{data.texts.about_text_2}</p>}
      </div>
      <div className="rounded-3xl bg-sun-100 p-6">
        <h2 className="flex items-center gap-2 font-display text-2xl font-semibold text-brand-900">
          <CalendarIcon className="size-6 text-brand-700" />
          {data.texts.dates_title}
        </h2>
        <KeyDates title="Coming up" dates={data.upcomingDates} testId="key-dates-upcoming" />
        <KeyDates title="Past" dates={data.pastDates} testId="key-dates-past" />
      </div>
    </div>
  );
}

function Categories({ categories }: { categories: AwardCategory[] }) {
  return (
    <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
      {categories.map((c) => (
        <li key={c.id} id={`category-${c.id}`} className="rounded-3xl bg-brand-50 p-6 ring-1 ring-brand-100">
          <StarIcon className="size-7 text-sun-700" />
          <h2 className="mt-3 font-display text-xl font-semibold text-brand-900">{c.title}</h2>
          <p className="mt-2 text-slate-700">{c.description}</p>
        </li>
      ))}
    </ul>
  );
}

function Winners({ groups, categories, empty }: { groups: Data["winners"]; categories: AwardCategory[]; empty: string }) {
  const categoryTitle = (id: string) => categories.find((c) => c.id === id)?.title ?? id;
  if (groups.length === 0) return <p className="text-lg text-slate-700">{empty}</p>;
  return (
    <div className="space-y-12">
      {groups.map((group) => (
        <div key={group.year}>
          <h2 className="font-display text-3xl font-semibold text-brand-900">{group.year} winners</h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {group.items.map((w) => (
              <li key={`${w.category}-${w.name}`} className="flex gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <SafeImage src={w.image} alt={w.image_alt} focal={w.image_focal} width={96} height={96} loading="lazy" className="size-20 shrink-0 rounded-2xl bg-brand-50 object-cover" />
                <div>
                  <p className="text-xs font-bold tracking-wide text-sun-700 uppercase">{categoryTitle(w.category)}</p>
                  <h3 className="mt-1 font-display text-lg font-semibold text-brand-900">{w.name}</h3>
                  <p className="mt-1 text-slate-700">{w.achievement}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function Nominate({ data, result }: { data: Data; result: NominationResult | undefined }) {
  const { text, errors, checked, limited } = readReply(result?.status === "refused" ? result.reply : undefined);
  const AWARDS_EMAIL = data.awardsEmail;
  if (data.state !== "open" && result?.status !== "ok") {
    return (
      <div id="nomination-result" className="mx-auto max-w-3xl rounded-3xl bg-brand-50 p-8 text-center" data-testid="nominations-closed">
        <h2 className="font-display text-3xl font-semibold text-brand-900">
          {data.state === "closed" ? "Nominations are closed" : "Nominations are not open yet"}
        </h2>
        <p className="mt-3 text-lg text-slate-700">
          {data.state === "closed"
            ? `Nominations closed on ${formatLongDate(data.round.closes)}. Thank you to everyone who nominated someone.`
            : `Nominations open on ${formatLongDate(data.round.opens)}.`}{" "}
          Questions? Email{" "}
          <a href={`mailto:${AWARDS_EMAIL}`} className="font-semibold text-brand-700 underline">
            <EmailText address={AWARDS_EMAIL} />
          </a>
          .
        </p>
      </div>
    );
  }
  if (result?.status === "ok") {
    return (
      <Confirmation id="nomination-result" title="Thank you for your nomination!" reference={result.reference} againHref="/awards?tab=nominate" againLabel="Nominate someone else">
        Our panel reads every nomination. We will be in touch if we need more information. Questions? Email{" "}
        <a href={`mailto:${AWARDS_EMAIL}`} className="font-semibold text-brand-700 underline">
          <EmailText address={AWARDS_EMAIL} />
        </a>
        .
      </Confirmation>
    );
  }
  return (
    <Form method="post" action="/awards?tab=nominate#nomination-result" encType="multipart/form-data" noValidate className="relative mx-auto max-w-3xl space-y-6" aria-labelledby="nomination-heading">
      <div>
        <h2 id="nomination-heading" className="font-display text-3xl font-semibold text-brand-900">
          {data.texts.nominate_title}
        </h2>
        <p className="mt-2 text-lg text-slate-700">{data.texts.nominate_intro}</p>
      </div>
      {limited ? <RateLimited id="nomination-result" /> : null}
      <ErrorSummary id="nomination-result" errors={errors} labels={NOMINATION_LABELS} />
      <Honeypot />
      <fieldset className="space-y-5 rounded-3xl bg-[#fbf6ea] p-6">
        <legend className="px-2 font-display text-xl font-semibold text-brand-900">About you</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="nominatorName" label="Your name" autoComplete="name" defaultValue={text("nominatorName")} error={errors.nominatorName} />
          <TextField name="email" type="email" label="Your email address" autoComplete="email" defaultValue={text("email")} error={errors.email} />
          <TextField name="phone" type="tel" label="Your phone number" optional autoComplete="tel" defaultValue={text("phone")} error={errors.phone} />
          <SelectField
            name="relationship"
            label="Relationship to the nominee"
            options={NOMINATOR_RELATIONSHIPS}
            defaultValue={text("relationship")}
            error={errors.relationship}
          />
        </div>
      </fieldset>
      <fieldset className="space-y-5 rounded-3xl bg-brand-50 p-6">
        <legend className="px-2 font-display text-xl font-semibold text-brand-900">About the nominee</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="nomineeName" label="Nominee's name" defaultValue={text("nomineeName")} error={errors.nomineeName} />
          <TextField
            name="nomineeContact"
            label="Nominee's contact details"
            hint="A phone number or email address."
            defaultValue={text("nomineeContact")}
            error={errors.nomineeContact}
          />
        </div>
        <TextAreaField name="nomineeAddress" label="Nominee's address" optional rows={2} defaultValue={text("nomineeAddress")} error={errors.nomineeAddress} />
        <SelectField
          name="category"
          label="Award category"
          options={data.round.categories.map((c) => ({ id: c.id, label: c.title }))}
          defaultValue={text("category")}
          error={errors.category}
        />
      </fieldset>
      <TextAreaField name="reason" label="Why are you nominating them?" rows={5} defaultValue={text("reason")} error={errors.reason} />
      <TextAreaField
        name="impact"
        label="What difference have they made?"
        hint="Who has benefited, and how? Examples help the panel."
        rows={5}
        defaultValue={text("impact")}
        error={errors.impact}
      />
      <TextField
        name="documents"
        type="file"
        label="Supporting documents"
        optional
        hint="Letters of support or photos: max 3 files, 5MB each. PDF, JPEG or PNG."
        accept="application/pdf,image/jpeg,image/png"
        multiple
        error={errors.documents}
        className="[&_input]:py-2"
      />
      <CheckboxField
        name="consent"
        label="The nominee knows about this nomination, or I will tell them, and I agree to the Foundation storing these details to run the awards."
        defaultChecked={checked("consent")}
        error={errors.consent}
      />
      <ConsentBox id="nomination-emailConsent" defaultChecked={checked("emailConsent")} />
      <SubmitButton>Submit Nomination</SubmitButton>
    </Form>
  );
}
