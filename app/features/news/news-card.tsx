/** A news post as a card (the News page and the home page), dated in UK time. */
import { SafeImage } from "../../components/site/safe-image.tsx";
import { formatUk } from "../../lib/uk-time.ts";
import { useStoredMarkup } from "../../lib/stored-markup.ts";

export interface NewsCardData {
  slug: string;
  title: string;
  summary: string;
  image: string | null;
  image_alt: string;
  image_focal?: string;
  author: string;
  published_at: string;
}

/**
 * `firstScreen`: the card shows on a phone's first screen (the first on /news), so its
 * picture loads with the page instead of lazily after layout: it is the page's largest paint.
 */
export function NewsCard(props: NewsCardProps) {
  const { post, headingLevel = 2, firstScreen = false } = props;
  // Kept by its props on the server (docs/decisions/361), but for the first screen's (its eager picture is preloaded).
  return useStoredMarkup(firstScreen ? null : `news-card ${JSON.stringify([post, headingLevel])}`, () => newsCard(props));
}

type NewsCardProps = { post: NewsCardData; headingLevel?: 2 | 3; firstScreen?: boolean };

/** The card's element (a plain function: its outer element is what is kept). */
function newsCard({ post, headingLevel = 2, firstScreen = false }: NewsCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md" data-testid="news-card">
      <SafeImage
        src={post.image}
        alt={post.image_alt}
        focal={post.image_focal}
        width={800}
        height={450}
        loading={firstScreen ? "eager" : "lazy"}
        sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
        className="aspect-[16/9] w-full bg-brand-50 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-semibold text-slate-600">
          <time dateTime={post.published_at}>{formatUk(post.published_at, "date")}</time>
        </p>
        <Heading className="mt-2 font-display text-xl leading-snug font-semibold text-brand-900 wrap-anywhere">
          <a href={`/news/${post.slug}`} className="after:absolute after:inset-0 group-hover:underline">
            {post.title}
          </a>
        </Heading>
        <p className="mt-3 flex-1 leading-relaxed text-slate-700 wrap-anywhere">{post.summary}</p>
      </div>
    </article>
  );
}
