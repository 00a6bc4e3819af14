import { CheckIcon, MailIcon } from "../../components/site/icons.tsx";
import { formatMoney } from "../../components/site/format.ts";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { FUND_FACTS } from "../../content/site-copy.ts";
import { getContactDetails } from "../../domain/contact/contact.server.ts";
import { groupByYear, listFundRecipients } from "../../domain/community/community-lists.server.ts";
import type { Route } from "./+types/community-fund";
import type { ContentHandle } from "../../live/topics.ts";

export const CURRENT_FUND_YEAR = 2025;

/** Shows built-in and seeded text only (and the layout's settings). */
export const handle: ContentHandle = { topics: ["contact"] };

export async function loader() {
  const [recipients, contact] = await Promise.all([listFundRecipients(), getContactDetails()]);
  const years = groupByYear(recipients.items);
  return {
    current: years.find((g) => g.year === CURRENT_FUND_YEAR)?.items ?? [],
    previous: years.filter((g) => g.year < CURRENT_FUND_YEAR),
    fundEmail: contact.fund_email,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Community Fund",
    description:
      "How the Millbrook Community Fund gives grants to local groups, who received funding in 2025 and before, and how to ask for application details.",
    path: "/community-fund",
    ...siteFrom(matches),
  });

export default function CommunityFund({ loaderData }: Route.ComponentProps) {
  const { current, previous, fundEmail } = loaderData;
  const mailto = `mailto:${fundEmail}?subject=${encodeURIComponent("Community Fund application details")}`;
  return (
    <>
      <PageHero
        image="/images/causes/community-garden.svg"
        eyebrow="Community Fund"
        title="Grants that keep Millbrook thriving"
        intro={`At least ${FUND_FACTS.shareToFund} of everything we raise goes into the Community Fund, which gives grants to local groups, schools and projects. Our aim is to give ${FUND_FACTS.target} in grants by ${FUND_FACTS.targetYear}.`}
      >
        <a href={mailto} className={buttonClasses("primary", "lg")}>
          <MailIcon />
          Request application details
        </a>
      </PageHero>

      <Section tone="white" eyebrow="How it works" title="Simple, local and fair">
        <ol className="grid gap-6 md:grid-cols-3">
          {[
            {
              title: "Tell us your idea",
              body: "Any not-for-profit group working in Millbrook can apply, from toddler groups to bowls clubs. Grants are usually between £250 and £1,500.",
            },
            {
              title: "We visit and listen",
              body: "A trustee will get in touch, come and see what you do and help with any questions. There is no jargon and no long forms.",
            },
            {
              title: "Trustees decide",
              body: "Applications are considered at our monthly trustee meeting. We tell you the decision within six weeks, and successful groups are paid straight away.",
            },
          ].map((step, i) => (
            <li key={step.title} className="rounded-3xl bg-brand-50 p-7 ring-1 ring-brand-100">
              <span aria-hidden="true" className="font-display text-5xl font-semibold text-sun-500">
                {i + 1}
              </span>
              <h3 className="mt-3 text-xl font-semibold text-brand-900">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{step.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section tone="cream" eyebrow={`${CURRENT_FUND_YEAR} recipients`} title={`Who we are funding in ${CURRENT_FUND_YEAR}`}>
        <ul className="grid gap-5 sm:grid-cols-2">
          {current.map((r) => (
            <li key={r.name} className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <div className="flex items-start justify-between gap-4">
                <h3 className="font-display text-xl font-semibold text-brand-900">{r.name}</h3>
                <span className="shrink-0 rounded-full bg-brand-600 px-3 py-1 text-sm font-bold text-white">{formatMoney(r.amount)}</span>
              </div>
              <p className="mt-2 text-slate-700">{r.purpose}</p>
            </li>
          ))}
        </ul>
        {current.length === 0 ? <p className="text-lg text-slate-700">This year's grants will be announced soon.</p> : null}
      </Section>

      {previous.length > 0 ? (
        <Section tone="white" eyebrow="Previous recipients" title="Already making a difference">
          {previous.map((group) => (
            <div key={group.year} className="mt-8 first:mt-0">
              <h3 className="font-display text-2xl font-semibold text-brand-800">{group.year}</h3>
              <ul className="mt-4 divide-y divide-slate-200 rounded-3xl ring-1 ring-slate-200">
                {group.items.map((r) => (
                  <li key={r.name} className="flex flex-col gap-2 p-5 sm:flex-row sm:items-center sm:justify-between">
                    <div>
                      <p className="font-semibold text-ink">{r.name}</p>
                      <p className="text-slate-700">
                        {r.purpose} · {formatMoney(r.amount)}
                      </p>
                    </div>
                    <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
                      <CheckIcon className="size-4" />
                      Funded
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </Section>
      ) : null}

      <Section tone="green" title="Could your group use a grant?">
        <p className="max-w-3xl text-lg text-slate-700">
          Email us and we will send you the application details, the dates of the next trustee meetings and a few tips from
          groups who have applied before.
        </p>
        <a href={mailto} className={buttonClasses("primary", "lg", "mt-6")}>
          <MailIcon />
          Email us for application details
        </a>
        <p className="mt-2 text-sm break-all text-slate-700">{fundEmail}</p>
      </Section>
    </>
  );
}
