/**
 * One appeal (/appeals/:id): what it is for, its progress with any matched giving, its
 * end date (and, once closed, what it raised), its updates, and the way to give.
 */
import { data } from "react-router";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { publicAppeal } from "./appeals.server.ts";
import { AppealProgress, AppealStatus, AppealUpdates } from "./appeal-view.tsx";
import type { Route } from "./+types/appeal-page";
import { ukDate } from "../../lib/uk-time.ts";

export async function loader({ params }: Route.LoaderArgs) {
  const appeal = await publicAppeal(Number(params.id), ukDate());
  if (!appeal) throw data("Appeal not found", { status: 404 });
  return { appeal };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: `${loaderData.appeal.title} appeal`, description: loaderData.appeal.description.slice(0, 160), path: `/appeals/${loaderData.appeal.id}`, ...siteFrom(matches) })
    : [{ title: "Appeal not found" }];

export default function AppealPage({ loaderData }: Route.ComponentProps) {
  const { appeal } = loaderData;
  return (
    <>
      <PageHero compact eyebrow="Appeal" title={appeal.title} intro={appeal.description} />
      <Section tone="white" compact>
        <div className="max-w-3xl space-y-5">
          <AppealStatus appeal={appeal} />
          <AppealProgress appeal={appeal} />
          {appeal.state === "open" && (
            <a href="/support#donate" className={buttonClasses("primary", "lg")}>
              Give to this appeal
            </a>
          )}
          <AppealUpdates appeal={appeal} />
        </div>
      </Section>
    </>
  );
}
