/** /news/:slug: one published post, with Article structured data. Drafts and scheduled posts are not found. */
import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { ArrowLeftIcon } from "../../components/site/icons.tsx";
import { buttonClasses } from "../../components/ui/button.ts";
import { NewsArticleView } from "./news-article.tsx";
import { originFrom, pageMeta, SITE_NAME, siteFrom } from "../../components/site/seo.ts";
import { JsonLd } from "../../components/ui/json-ld.tsx";
import { getPublicArticle, type NewsArticle } from "./news.server.ts";
import type { Route } from "./+types/news-post-page";

export async function loader({ params }: Route.LoaderArgs) {
  const post = await getPublicArticle(params.slug);
  if (!post) throw data({ notFound: true }, { status: 404 });
  return { post };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: `News Post Not Found | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  const { post } = loaderData;
  return pageMeta({ title: post.title, description: post.summary, path: `/news/${post.slug}`, ...siteFrom(matches), image: post.image, type: "article" });
};

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);

/** schema.org Article for the post. */
export function articleJsonLd(post: Pick<NewsArticle, "slug" | "title" | "summary" | "image" | "author" | "published_at" | "updated_at">, origin: string, siteName: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title.slice(0, 110),
    description: post.summary,
    datePublished: post.published_at,
    dateModified: post.updated_at,
    author: { "@type": "Person", name: post.author },
    publisher: { "@type": "Organization", name: siteName, url: origin || undefined, logo: { "@type": "ImageObject", url: absolute(origin, "/images/og-default.png") } },
    mainEntityOfPage: { "@type": "WebPage", "@id": `${origin}/news/${post.slug}` },
    url: `${origin}/news/${post.slug}`,
    image: [absolute(origin, post.image ?? "/images/og-default.png")],
  };
}

export default function NewsPost({ loaderData, matches }: Route.ComponentProps) {
  const { post } = loaderData;
  const { siteName } = siteFrom(matches);
  return (
    <>
      <JsonLd data={articleJsonLd(post, originFrom(matches), siteName)} />
      <NewsArticleView post={post} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="bg-linear-to-b from-sun-100 to-white px-4 pt-36 pb-24 text-center">
      <div className="mx-auto max-w-xl">
        <p className="text-sm font-bold tracking-[0.14em] text-brand-700 uppercase">{notFound ? "Error 404" : "Error"}</p>
        <h1 className="mt-3 font-display text-4xl font-semibold text-brand-900">{notFound ? "News Post Not Found" : "Something went wrong"}</h1>
        <p className="mt-4 text-lg text-slate-700">
          {notFound ? "The post you're looking for doesn't exist or has been removed." : "Sorry, we couldn't show this post just now. Please try again in a moment."}
        </p>
        <a href="/news" className={buttonClasses("primary", "lg", "mt-8")}>
          <ArrowLeftIcon className="size-5" />
          Back to News
        </a>
      </div>
    </div>
  );
}
