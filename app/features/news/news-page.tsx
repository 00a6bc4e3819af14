/** /news: published posts, newest first, nine to a page (?page=2 ...). */
import type { QueryHandle } from "../../lib/page-query.ts";
import { data } from "react-router";
import { NewsCard } from "./news-card.tsx";
import { SignupForm } from "../supporters/ui.ts";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { listPublicNews } from "./news.server.ts";
import { getPageTexts } from "../page-texts/index.ts";
import type { Route } from "./+types/news-page";

export const handle: QueryHandle = { query: ["page"] };

export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw === null ? 1 : /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(page >= 1)) throw data(null, { status: 404 });
  const result = await listPublicNews(page);
  if (page > result.pages) throw data(null, { status: 404 });
  return { posts: result.items, page, pages: result.pages, texts: await getPageTexts("news") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta({
    title: loaderData && loaderData.page > 1 ? `News (page ${loaderData.page})` : "News",
    description: "Stories and announcements from Millbrook Community Foundation: what we have funded, what is coming up and how to help.",
    path: loaderData && loaderData.page > 1 ? `/news?page=${loaderData.page}` : "/news",
    ...siteFrom(matches),
  }),
  { tagName: "link", rel: "alternate", type: "application/atom+xml", title: "Millbrook Community Foundation news", href: "/news/feed.xml" },
];

export default function News({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages, texts } = loaderData;
  return (
    <>
      <PageHero
        image="/images/about.svg"
        eyebrow={texts.hero_eyebrow}
        title={texts.hero_title}
        intro={texts.hero_intro}
      />
      <Section tone="white">
        {posts.length === 0 ? (
          <p className="text-lg text-slate-700" data-testid="news-empty">
            {texts.empty}
          </p>
        ) : (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="news-list">
            {posts.map((post, index) => (
              <NewsCard key={post.slug} post={post} firstScreen={index === 0} />
            ))}
          </div>
        )}
        {pages > 1 && (
          <nav aria-label="News pages" className="mt-10 flex flex-wrap items-center justify-between gap-4">
            {page > 1 ? (
              <a href={page === 2 ? "/news" : `/news?page=${page - 1}`} rel="prev" className="font-semibold text-brand-700 underline underline-offset-2">
                Newer posts
              </a>
            ) : (
              <span />
            )}
            <p className="text-slate-600">
              Page {page} of {pages}
            </p>
            {page < pages ? (
              <a href={`/news?page=${page + 1}`} rel="next" className="font-semibold text-brand-700 underline underline-offset-2">
                Older posts
              </a>
            ) : (
              <span />
            )}
          </nav>
        )}
        <p className="mt-10 text-slate-600">
          {texts.feed_text}{" "}
          <a href="/news/feed.xml" className="font-semibold text-brand-700 underline underline-offset-2">
            {texts.feed_link}
          </a>
        </p>
        <div className="mt-10 rounded-3xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-8">
          <SignupForm source="news" />
        </div>
      </Section>
    </>
  );
}
