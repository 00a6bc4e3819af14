import { MailIcon } from "../../components/site/icons.tsx";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { SafeImage } from "../../components/site/safe-image.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { listAnnualReports } from "../annual-reports/index.ts";
import { AnnualReportsList } from "../annual-reports/ui.ts";
import { getContactDetails } from "../contact/index.ts";
import { fillIn, getPageTexts } from "../page-texts/index.ts";
import { listPublicTrustees } from "./trustees.server.ts";
import { getSiteSettings } from "../settings/index.ts";
import type { Route } from "./+types/trustees-page";

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getSiteSettings(context);
  const [trustees, reports, contact, texts] = await Promise.all([listPublicTrustees(), listAnnualReports(), getContactDetails(), getPageTexts("trustees")]);
  // (A copy: the read texts are shared through the content cache.)
  const filled: Record<string, string> = { ...texts, hero_intro: fillIn(texts.hero_intro, { charity_number: settings.charity_number }) };
  return { trustees: trustees.items, reports: reports.items, trusteesEmail: contact.trustees_email, texts: filled };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Our Trustees",
    description: "Meet the volunteer trustees who govern Millbrook Community Foundation, read our annual reports and find out how to join the board.",
    path: "/trustees",
    ...siteFrom(matches),
  });

export default function Trustees({ loaderData }: Route.ComponentProps) {
  const { texts } = loaderData;
  const facts = [1, 2, 3, 4].map((i) => texts[`join_fact_${i}`]).filter(Boolean);
  return (
    <>
      <PageHero
        image="/images/about.svg"
        eyebrow={texts.hero_eyebrow}
        title={texts.hero_title}
        intro={texts.hero_intro}
      />

      <Section tone="white" eyebrow={texts.board_eyebrow} title={texts.board_title}>
        {loaderData.trustees.length === 0 && (
          <p className="text-lg text-slate-700" data-testid="trustees-empty">
            {texts.board_empty}
          </p>
        )}
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="trustee-list">
          {loaderData.trustees.map((t) => (
            <li key={t.name} className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200">
              <SafeImage
                src={t.image}
                alt={t.image_alt}
                focal={t.image_focal}
                width={480}
                height={480}
                loading="lazy"
                sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                className="aspect-square w-full bg-brand-50 object-cover"
              />
              <div className="p-6">
                <h3 className="font-display text-xl font-semibold text-brand-900">{t.name}</h3>
                <p className="mt-0.5 text-sm font-bold tracking-wide text-sun-700 uppercase">{t.role}</p>
                <p className="mt-3 leading-relaxed text-slate-700">{t.bio}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="cream" eyebrow={texts.join_eyebrow} title={texts.join_title}>
        <div className="grid gap-10 lg:grid-cols-2">
          <div className="space-y-4 text-lg leading-relaxed text-slate-700">
            <p>{texts.join_text_1}</p>
            {texts.join_text_2 && <p>{texts.join_text_2}</p>}
          </div>
          <ul className="space-y-3">
            {facts.map((item, i) => (
              <li key={i} className="flex items-start gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
                <span aria-hidden="true" className="mt-0.5 text-sun-700">★</span>
                {item}
              </li>
            ))}
            <li>
              <a href={`mailto:${loaderData.trusteesEmail}?subject=${encodeURIComponent("Becoming a trustee")}`} className={buttonClasses("primary", "md", "mt-3")}>
                <MailIcon />
                {texts.join_button}
              </a>
            </li>
          </ul>
        </div>
      </Section>

      <Section id="reports" tone="white" eyebrow={texts.reports_eyebrow} title={texts.reports_title}>
        <p className="max-w-3xl text-lg text-slate-700">{texts.reports_intro}</p>
        <AnnualReportsList reports={loaderData.reports} empty={texts.reports_empty} />
      </Section>
    </>
  );
}
