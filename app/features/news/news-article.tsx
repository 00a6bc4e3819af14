/** A news post's page: the public post and the staff preview show the same thing. */
import { ArrowLeftIcon } from "../../components/site/icons.tsx";
import { RichText } from "../../components/site/rich-text.tsx";
import { SafeImage } from "../../components/site/safe-image.tsx";
import type { SafeHtml } from "../../lib/rich-html.ts";
import { formatUk } from "../../lib/uk-time.ts";

export interface NewsArticleData {
  title: string;
  summary: string;
  body: SafeHtml;
  image: string | null;
  image_alt: string;
  image_focal?: string;
  author: string;
  published_at: string;
}

export function NewsArticleView({ post, banner }: { post: NewsArticleData; banner?: React.ReactNode }) {
  return (
    <div className="bg-linear-to-b from-sun-100 via-white to-white pt-24 pb-16 sm:pt-28">
      <article className="mx-auto max-w-3xl px-4 sm:px-6">
        {banner}
        <a href="/news" className="inline-flex items-center gap-2 rounded-full py-2 font-semibold text-brand-700 hover:underline">
          <ArrowLeftIcon className="size-4" />
          Back to News
        </a>
        <h1 className="mt-4 font-display text-4xl leading-tight font-semibold text-balance text-brand-900 wrap-anywhere sm:text-5xl">{post.title}</h1>
        <p className="mt-4 text-xl leading-relaxed text-slate-700 wrap-anywhere">{post.summary}</p>
        <p className="mt-5 text-sm font-semibold text-slate-600">
          By <span data-testid="news-author">{post.author}</span> · <time dateTime={post.published_at}>{formatUk(post.published_at, "date")}</time>
        </p>
        {post.image && (
          <SafeImage
            src={post.image}
            alt={post.image_alt}
            focal={post.image_focal}
            width={1600}
            height={900}
            fetchPriority="high"
            sizes="(min-width: 768px) 48rem, 100vw"
            className="mt-8 aspect-[16/9] w-full rounded-[2rem] bg-brand-50 object-cover shadow-lg"
          />
        )}
        <RichText html={post.body} className="mt-10" />
      </article>
    </div>
  );
}
