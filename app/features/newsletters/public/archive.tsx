/** /newsletters: the newsletters staff chose to publish, newest first, and how to get the next one. */
import { PageHero, Section } from "../../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../../components/site/seo.ts";
import { publishedNewsletters } from "../newsletters.server.ts";
import type { Route } from "./+types/archive";
import { formatUk } from "../../../lib/uk-time.ts";

export async function loader() {
  return { issues: await publishedNewsletters() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Newsletters", description: "Past email newsletters of Millbrook Community Foundation: what we funded, what happened and what is coming up.", path: "/newsletters", ...siteFrom(matches) });

const longDate = (iso: string) => formatUk(iso, "date");

export default function NewsletterArchive({ loaderData }: Route.ComponentProps) {
  const { issues } = loaderData;
  return (
    <>
      <PageHero compact eyebrow="News by email" title="Newsletters" intro="Past newsletters, as our subscribers received them." />
      <Section tone="white">
        {issues.length === 0 ? (
          <p className="text-lg text-slate-700">No newsletters have been published here yet.</p>
        ) : (
          <ol className="max-w-3xl space-y-6" data-testid="newsletter-archive">
            {issues.map((issue) => (
              <li key={issue.slug} className="border-b border-slate-200 pb-6">
                <h2 className="font-display text-2xl font-semibold text-brand-900">
                  <a href={`/newsletters/${issue.slug}`} className="underline-offset-4 hover:underline">
                    {issue.subject}
                  </a>
                </h2>
                <p className="mt-1 text-slate-600">
                  <time dateTime={issue.sent_at}>{longDate(issue.sent_at)}</time>
                </p>
                {issue.preview_text && <p className="mt-2 text-lg text-slate-700">{issue.preview_text}</p>}
              </li>
            ))}
          </ol>
        )}
        <p className="mt-10 text-slate-700">
          Get the next one by email:{" "}
          <a href="/newsletter" className="font-semibold text-brand-700 underline underline-offset-2">
            sign up for our news
          </a>
          .
        </p>
      </Section>
    </>
  );
}
