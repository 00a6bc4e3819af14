/** /newsletters/:slug: one published newsletter, as a page. */
import { data } from "react-router";
import { PageHero, Section } from "../../../components/site/page-hero.tsx";
import { RichText } from "../../../components/site/rich-text.tsx";
import { pageMeta, SITE_NAME, siteFrom } from "../../../components/site/seo.ts";
import { publishedNewsletter } from "../newsletters.server.ts";
import type { Route } from "./+types/issue";
import { formatUk } from "../../../lib/uk-time.ts";

export async function loader({ params }: Route.LoaderArgs) {
  const issue = await publishedNewsletter(params.slug);
  if (!issue) throw data({ notFound: true }, { status: 404 });
  return { issue, slug: params.slug };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: `Newsletter Not Found | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  const { issue, slug } = loaderData;
  return pageMeta({ title: issue.subject, description: issue.preview_text || issue.subject, path: `/newsletters/${slug}`, ...siteFrom(matches) });
};

const longDate = (iso: string) => formatUk(iso, "date");

export default function NewsletterIssue({ loaderData }: Route.ComponentProps) {
  const { issue } = loaderData;
  return (
    <>
      <PageHero compact eyebrow={`Newsletter · ${longDate(issue.sent_at)}`} title={issue.subject} intro={issue.preview_text || undefined} />
      <Section tone="white">
        <article className="max-w-3xl">
          <RichText html={issue.body} />
        </article>
        <p className="mt-10 flex flex-wrap gap-x-6 gap-y-2">
          <a href="/newsletters" className="font-semibold text-brand-700 underline underline-offset-2">
            All newsletters
          </a>
          <a href="/newsletter" className="font-semibold text-brand-700 underline underline-offset-2">
            Get our news by email
          </a>
        </p>
      </Section>
    </>
  );
}
