/**
 * Appeals (/appeals): the causes being run as time-limited appeals, open ones first,
 * each with its progress and a link to its page.
 */
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { listPublicAppeals } from "./appeals.server.ts";
import { AppealProgress, AppealStatus } from "./appeal-view.tsx";
import type { Route } from "./+types/appeals-page";
import { ukDate } from "../../lib/uk-time.ts";

export async function loader() {
  return { appeals: await listPublicAppeals(ukDate()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Appeals", description: "Our appeals for Millbrook causes: what each is raising, by when, and what it has raised so far.", path: "/appeals", ...siteFrom(matches) });

export default function AppealsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero compact eyebrow="Give" title="Appeals" intro="Causes we are raising money for by a date, and what each has raised so far." />
      <Section tone="white" compact>
        {loaderData.appeals.length === 0 ? (
          <p className="text-lg text-slate-700">There are no appeals at the moment.</p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2">
            {loaderData.appeals.map((a) => (
              <li key={a.id} className="space-y-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
                <h2 className="font-display text-2xl font-semibold text-brand-900">
                  <a href={`/appeals/${a.id}`} className="underline decoration-brand-300 underline-offset-4 hover:decoration-brand-600">
                    {a.title}
                  </a>
                </h2>
                <AppealStatus appeal={a} />
                <AppealProgress appeal={a} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
