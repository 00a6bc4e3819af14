import { CauseCard } from "./cause-card.tsx";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { listCauses } from "./causes.server.ts";
import { getPageTexts } from "../page-texts/index.ts";
import type { Route } from "./+types/causes-page";

export async function loader() {
  const [causes, texts] = await Promise.all([listCauses(), getPageTexts("causes")]);
  return { causes: causes.items, texts };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Local Causes",
    description: "The Millbrook projects we are raising money for this year, and how close each one is to its goal.",
    path: "/causes",
    ...siteFrom(matches),
  });

export default function Causes({ loaderData }: Route.ComponentProps) {
  const { texts } = loaderData;
  return (
    <>
      <PageHero
        image="/images/causes/youth-club.svg"
        eyebrow={texts.hero_eyebrow}
        title={texts.hero_title}
        intro={texts.hero_intro}
      >
        <a href="/support#donate" className={buttonClasses("primary", "lg")}>
          {texts.hero_button}
        </a>
      </PageHero>
      <Section tone="white">
        {loaderData.causes.length > 0 ? (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {loaderData.causes.map((cause, index) => (
              <CauseCard key={cause.title} cause={cause} headingLevel={2} firstScreen={index === 0} />
            ))}
          </div>
        ) : (
          <p className="text-lg text-slate-700">{texts.empty}</p>
        )}
      </Section>
      <Section tone="cream" title={texts.suggest_title}>
        <p className="max-w-3xl text-lg text-slate-700">{texts.suggest_text}</p>
        <a href="/community-fund" className={buttonClasses("secondary", "md", "mt-6")}>
          {texts.suggest_button}
        </a>
      </Section>
    </>
  );
}
