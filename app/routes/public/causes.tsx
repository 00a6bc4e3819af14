import { CauseCard } from "../../components/site/cause-card.tsx";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { listCauses } from "../../domain/causes/causes.server.ts";
import type { Route } from "./+types/causes";
import type { ContentHandle } from "../../live/topics.ts";

/** What this page shows: a change to it refreshes the page (app/live/topics.ts). */
export const handle: ContentHandle = { topics: ["causes"] };

export async function loader() {
  const causes = await listCauses();
  return { causes: causes.items };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Local Causes",
    description: "The Millbrook projects we are raising money for this year, and how close each one is to its goal.",
    path: "/causes",
    ...siteFrom(matches),
  });

export default function Causes({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        image="/images/causes/youth-club.svg"
        eyebrow="Local causes"
        title="Good causes, right on our doorstep"
        intro="These are the projects we are raising money for right now. Each one was suggested by people in Millbrook, and every pound you give helps one of them reach its goal."
      >
        <a href="/support#donate" className={buttonClasses("primary", "lg")}>
          Donate to a cause
        </a>
      </PageHero>
      <Section tone="white">
        {loaderData.causes.length > 0 ? (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {loaderData.causes.map((cause) => (
              <CauseCard key={cause.title} cause={cause} />
            ))}
          </div>
        ) : (
          <p className="text-lg text-slate-700">We are choosing our next causes. Please check back soon.</p>
        )}
      </Section>
      <Section tone="cream" title="Know a cause that needs a hand?">
        <p className="max-w-3xl text-lg text-slate-700">
          If your group or project could use support, our Community Fund offers grants to local organisations every year.
        </p>
        <a href="/community-fund" className={buttonClasses("secondary", "md", "mt-6")}>
          About the Community Fund
        </a>
      </Section>
    </>
  );
}
