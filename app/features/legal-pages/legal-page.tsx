/**
 * The legal pages (privacy notice, volunteer and stallholder terms, accessibility and
 * cookie statements): one module for the five addresses in routes.ts. The text is
 * staff's, in simple markup; the privacy notice shows the retention periods of the data
 * protection settings in place of {volunteer_retention} and the like.
 */
import { data } from "react-router";
import { formatLongDate } from "../../components/site/format.ts";
import { Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { SimpleMarkup } from "../../components/site/simple-markup.tsx";
import { LEGAL_PAGES } from "../../content/legal-pages.ts";
import { withRetentionSection } from "../../domain/data-protection/retention.server.ts";
import { getLegalPage } from "./legal-pages.server.ts";
import { getSiteSettings } from "../../features/settings/index.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import type { Route } from "./+types/legal-page";

// (The retention table changes the "settings" topic, so the cached notice is refreshed with it.)

const months = (n: number) => (n === 1 ? "1 month" : `${n} months`);

export async function loader({ request, context }: Route.LoaderArgs) {
  // A client-side navigation asks for "/privacy.data": the page is the same.
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  const known = LEGAL_PAGES.find((p) => p.path === path);
  if (!known) throw data("Not found", { status: 404 });
  const [page, settings] = await Promise.all([getLegalPage(known.slug), getSiteSettings(context)]);
  const body = (known.slug === "privacy" ? await withRetentionSection(page.body) : page.body)
    .replaceAll("{volunteer_retention}", months(settings.retention_months_volunteer))
    .replaceAll("{stall_application_retention}", months(settings.retention_months_stall_application))
    .replaceAll("{nomination_retention}", months(settings.retention_months_nomination));
  return { path: known.path, title: page.title, body, updated: page.updated_at ? page.updated_at.toISOString().slice(0, 10) : null };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: loaderData?.title ?? "Page",
    description: `${loaderData?.title ?? "Page"} of Millbrook Community Foundation.`,
    path: loaderData?.path ?? "/",
    ...siteFrom(matches),
  });

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="pt-20 sm:pt-24">
      <Section tone="white">
        <article className="mx-auto max-w-3xl" data-testid="legal-page">
          <h1 className="font-display text-4xl leading-tight font-semibold text-brand-900 sm:text-5xl">{loaderData.title}</h1>
          {loaderData.updated && <p className="mt-3 text-sm text-slate-600">Last updated {formatLongDate(loaderData.updated)}</p>}
          <div className="mt-8">
            <SimpleMarkup source={loaderData.body} />
          </div>
          {loaderData.path === "/privacy" && (
            <p className="mt-10 rounded-2xl bg-brand-50 p-5 text-lg text-slate-800">
              Unhappy with how we have handled your information?{" "}
              <a href="/privacy/concern" className="font-semibold text-brand-700 underline underline-offset-4">
                Raise a data protection concern
              </a>
              .
            </p>
          )}
          {loaderData.path === "/privacy" && (
            <form method="post" action="/privacy/visitor-counting" className="mt-4 rounded-2xl bg-brand-50 p-5 text-lg text-slate-800" data-testid="object-to-counting">
              <p>
                Visitor figures: the website counts page views without cookies.{" "}
                <a href="/privacy/visitor-counting" className="font-semibold text-brand-700 underline underline-offset-4">
                  What we count and why
                </a>
                .
              </p>
              <button type="submit" name="choice" value="object" className={`mt-3 ${buttonClasses("secondary", "sm")}`}>
                Do not count my visits
              </button>
            </form>
          )}
        </article>
      </Section>
    </div>
  );
}
