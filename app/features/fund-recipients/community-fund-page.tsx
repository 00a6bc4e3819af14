import { CheckIcon, MailIcon } from "../../components/site/icons.tsx";

import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { getContactDetails } from "../contact/index.ts";
import { groupByYear } from "../../domain/community/community-lists.server.ts";
import { FUND_STATUS_LABELS } from "./fund-status.ts";
import { listFundRecipients } from "./fund-recipients.server.ts";
import { fillIn, getPageTexts } from "../page-texts/index.ts";
import type { Route } from "./+types/community-fund-page";
import { formatPence } from "../../lib/money.ts";

export async function loader() {
  const [recipients, texts, contact] = await Promise.all([listFundRecipients(), getPageTexts("community-fund"), getContactDetails()]);
  // The newest year with recipients is "this year's"; the years come from the data.
  const [latest, ...previous] = groupByYear(recipients.items);
  const heroIntro = fillIn(texts.hero_intro, { share: texts.share, target: texts.target, target_year: texts.target_year });
  // A past year's grants are "funded", this year's "are funding" (the sample year stays put as the calendar moves on).
  const latestTense = latest && Number(latest.year) < new Date().getFullYear() ? "funded" : "are funding";
  return { texts, heroIntro, latest: latest ?? null, latestTense, previous, fundEmail: contact.fund_email };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Community Fund",
    description:
      "How the Millbrook Community Fund gives grants to local groups, who has received funding, and how to ask for application details.",
    path: "/community-fund",
    ...siteFrom(matches),
  });

export default function CommunityFund({ loaderData }: Route.ComponentProps) {
  const { texts, latest, latestTense, previous, fundEmail } = loaderData;
  const current = latest?.items ?? [];
  const mailto = `mailto:${fundEmail}?subject=${encodeURIComponent("Community Fund application details")}`;
  return (
    <>
      <PageHero
        image="/images/causes/community-garden.svg"
        eyebrow={texts.hero_eyebrow}
        title={texts.hero_title}
        intro={loaderData.heroIntro}
      >
        <a href={mailto} className={buttonClasses("primary", "lg")}>
          <MailIcon />
          {texts.hero_button}
        </a>
      </PageHero>

      <Section tone="white" eyebrow={texts.how_eyebrow} title={texts.how_title}>
        <ol className="grid gap-6 md:grid-cols-3">
          {[1, 2, 3].map((n) => ({ title: texts[`step_${n}_title`], body: texts[`step_${n}_body`] })).map((step, i) => (
            <li key={i} className="rounded-3xl bg-brand-50 p-7 ring-1 ring-brand-100">
              <span aria-hidden="true" className="font-display text-5xl font-semibold text-sun-500">
                {i + 1}
              </span>
              <h3 className="mt-3 text-xl font-semibold text-brand-900">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{step.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section tone="cream" eyebrow={latest ? `${latest.year} recipients` : "Recipients"} title={latest ? `Who we ${latestTense} in ${latest.year}` : "Who we are funding"}>
        <ul className="grid gap-5 sm:grid-cols-2">
          {current.map((r) => (
            <li key={r.name} className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <div className="flex items-start justify-between gap-4">
                <h3 className="font-display text-xl font-semibold text-brand-900">{r.name}</h3>
                <span className="shrink-0 rounded-full bg-brand-600 px-3 py-1 text-sm font-bold text-white">{formatPence(r.amount_pence)}</span>
              </div>
              <p className="mt-2 text-slate-700">{r.purpose}</p>
              <p className="mt-3 text-sm font-semibold text-brand-800">{FUND_STATUS_LABELS[r.status]}</p>
            </li>
          ))}
        </ul>
        {current.length === 0 ? <p className="text-lg text-slate-700">{texts.current_empty}</p> : null}
      </Section>

      {previous.length > 0 ? (
        <Section tone="white" eyebrow={texts.previous_eyebrow} title={texts.previous_title}>
          {previous.map((group) => (
            <div key={group.year} className="mt-8 first:mt-0">
              <h3 className="font-display text-2xl font-semibold text-brand-800">{group.year}</h3>
              <ul className="mt-4 divide-y divide-slate-200 rounded-3xl ring-1 ring-slate-200">
                {group.items.map((r) => (
                  <li key={r.name} className="flex flex-col gap-2 p-5 sm:flex-row sm:items-center sm:justify-between">
                    <div>
                      <p className="font-semibold text-ink">{r.name}</p>
                      <p className="text-slate-700">
                        {r.purpose} · {formatPence(r.amount_pence)}
                      </p>
                    </div>
                    <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
                      {r.status === "funded" && <CheckIcon className="size-4" />}
                      {FUND_STATUS_LABELS[r.status]}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </Section>
      ) : null}

      <Section tone="green" title={texts.apply_title}>
        <p className="max-w-3xl text-lg text-slate-700">{texts.apply_text}</p>
        <a href={mailto} className={buttonClasses("primary", "lg", "mt-6")}>
          <MailIcon />
          {texts.apply_button}
        </a>
        <p className="mt-2 text-sm break-all text-slate-700">{fundEmail}</p>
      </Section>
    </>
  );
}
