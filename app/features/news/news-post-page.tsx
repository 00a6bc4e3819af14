/** /news/:slug: one published post, with Article structured data. Drafts and scheduled posts are not found. */
import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPanel } from "../../components/site/error-panel.tsx";
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
    <ErrorPanel
      eyebrow={notFound ? "Error 404" : "Error"}
      title={notFound ? "News Post Not Found" : "Something went wrong"}
      back={{ href: "/news", label: "Back to News" }}
    >
      {notFound ? "The post you're looking for doesn't exist or has been removed." : "Sorry, we couldn't show this post just now. Please try again in a moment."}
    </ErrorPanel>
  );
}
