/** /newsletters: the newsletters staff chose to publish, newest first, twenty to a page (?page=2 ...), and how to get the next one. */
import { data } from "react-router";
import { PageHero, Section } from "../../../components/site/page-hero.tsx";
import { Pager } from "../../../components/site/pager.tsx";
import { pageMeta, siteFrom } from "../../../components/site/seo.ts";
import type { QueryHandle } from "../../../lib/page-query.ts";
import { ARCHIVE_PAGE_SIZE, publishedNewsletters } from "../newsletters.server.ts";
import type { Route } from "./+types/archive";
import { formatUk } from "../../../lib/uk-time.ts";

export const handle: QueryHandle = { query: ["page"] };

export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw === null ? 1 : /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(page >= 1)) throw data(null, { status: 404 });
  const { items, total } = await publishedNewsletters(page);
  if (page > 1 && items.length === 0) throw data(null, { status: 404 });
  return { issues: items, page, pages: Math.max(1, Math.ceil(total / ARCHIVE_PAGE_SIZE)) };
}

const pageHref = (page: number) => (page > 1 ? `/newsletters?page=${page}` : "/newsletters");

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: loaderData && loaderData.page > 1 ? `Newsletters (page ${loaderData.page})` : "Newsletters",
    description: "Past email newsletters of Millbrook Community Foundation: what we funded, what happened and what is coming up.",
    path: pageHref(loaderData?.page ?? 1),
    ...siteFrom(matches),
  });

const longDate = (iso: string) => formatUk(iso, "date");

export default function NewsletterArchive({ loaderData }: Route.ComponentProps) {
  const { issues, page, pages } = loaderData;
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
        <Pager page={page} pages={pages} href={pageHref} label="Pages of newsletters" previous="Newer" next="Older" status={`Page ${page} of ${pages}`} />
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
