import { CauseCard } from "../../features/causes/cause-card.tsx";
import { EventCard, eventCardData } from "../../features/events/ui.ts";
import { ArrowRightIcon, HeartIcon } from "../../components/site/icons.tsx";
import { Section, WIDE_SCREEN } from "../../components/site/page-hero.tsx";
import { uploadedImageSrcSet } from "../../components/ui/responsive-image.ts";
import { preload } from "react-dom";
import { SafeImage } from "../../components/site/safe-image.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { DEFAULT_SETTINGS } from "../../content/sample-content.ts";
import { listCauses } from "../../features/causes/index.ts";
import { getPageTexts } from "../../features/page-texts/index.ts";
import { formatRaised, raisedTotalPence } from "../../features/giving/index.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { listUpcomingEvents } from "../../features/events/index.ts";
import { latestNews } from "../../features/news/index.ts";
import { NewsCard } from "../../features/news/ui.ts";
import { getSiteSettings } from "../../features/settings/index.ts";
import type { Route } from "./+types/home";

export const HERO_IMAGE = "/images/hero.svg";
/** Half the page beside the welcome on wide screens (the grid's two columns), the page's width below. */
const HERO_SIZES = "(min-width: 80rem) 40rem, (min-width: 64rem) 50vw, 100vw";
export const HERO_FALLBACK = "/images/hero-fallback.svg";
export const ABOUT_IMAGE = "/images/about.svg";

/**
 * The page texts the page sends to the browser with its data: not those the loader has
 * already turned into the heading, the introduction and the figures (each would be sent
 * twice, and the page's HTML must fit a new connection's first round trip).
 */
const TEXTS_SENT_AS_DATA_ELSEWHERE = [
  "hero_title",
  "hero_intro",
  "figure_1_value",
  "figure_1_label",
  "figure_2_value",
  "figure_2_label",
  "figure_3_value",
  "figure_3_label",
  "figure_4_value",
  "figure_4_label",
] as const;

function without<T extends object, K extends keyof T>(object: T, keys: readonly K[]): Omit<T, K> {
  const copy = { ...object };
  for (const key of keys) delete copy[key];
  return copy;
}

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getSiteSettings(context);
  const [events, causes, texts, raised, news] = await Promise.all([
    listUpcomingEvents({ limit: 3 }),
    listCauses(),
    getPageTexts("home"),
    // Gifts change with a webhook, which publishes "settings" (the layout's topic).
    cachedRead("settings", "raised-total", raisedTotalPence).catch(() => null),
    // No news (or a failed read): the section is left out.
    latestNews(3).catch(() => []),
  ]);
  return {
    // The main heading and introduction are page texts (editors change them in Page texts).
    heroTitle: texts.hero_title,
    heroSubtitle: texts.hero_intro,
    heroImage: settings.hero_image_url || HERO_IMAGE,
    tagline: settings.tagline,
    description: settings.site_description || DEFAULT_SETTINGS.site_description,
    about: settings.about_description || DEFAULT_SETTINGS.about_description,
    aboutImage: settings.about_image_url || ABOUT_IMAGE,
    events: events.items.map(eventCardData),
    causes: causes.items.slice(0, 3),
    news,
    texts: without(texts, TEXTS_SENT_AS_DATA_ELSEWHERE),
    // The first figure is the "raised" total when it can be read: real gifts plus what staff
    // enter for money raised off the site. A figure left empty is not shown.
    stats: [1, 2, 3, 4]
      .map((n) => ({ value: texts[`figure_${n}_value`], label: texts[`figure_${n}_label`] }))
      .map((stat, i) => (i === 0 && raised !== null ? { ...stat, value: formatRaised(raised) } : stat))
      .filter((stat) => stat.value !== "" && stat.label !== ""),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: "Millbrook Community Foundation",
    // The loader falls back to the default description (the sample content module stays
    // out of the page's script); without loader data the error page has its own title.
    description: loaderData?.description ?? "",
    path: "/",
    ...siteFrom(matches),
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { heroTitle, heroSubtitle, heroImage, tagline, about, aboutImage, events, causes, stats, texts, news } = loaderData;
  // The picture beside the welcome on wide screens is fetched first, where it is the
  // largest thing on the first screen. On a phone it comes below the words, at the foot of
  // the first screen: it loads once the page has been laid out, after the words' font,
  // instead of competing with the document and the font for a slow line's first moments.
  const heroSrcSet = uploadedImageSrcSet(heroImage);
  const heroSizes = heroSrcSet ? HERO_SIZES : undefined;
  preload(heroImage, { as: "image", fetchPriority: "high", media: WIDE_SCREEN, imageSrcSet: heroSrcSet, imageSizes: heroSizes });
  return (
    <>
      <section className="relative overflow-hidden bg-linear-to-br from-sun-100 via-[#fbf6ea] to-brand-50 pt-28 pb-16 sm:pt-36 sm:pb-24">
        <div aria-hidden="true" className="pointer-events-none absolute -top-32 -left-32 size-96 rounded-full bg-sun-300/30 blur-3xl" />
        <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-4 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-100">
              <HeartIcon className="size-4 text-sun-700" />
              {tagline}
            </p>
            <h1 className="mt-5 font-display text-4xl leading-[1.05] font-semibold text-balance text-brand-900 sm:text-6xl">
              {heroTitle}
            </h1>
            <p className="mt-5 max-w-xl text-xl leading-relaxed text-slate-700">
              {heroSubtitle}
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a href="/support" className={buttonClasses("primary", "lg")}>
                {texts.hero_primary_label}
              </a>
              <a href="/about" className={buttonClasses("secondary", "lg")}>
                {texts.hero_secondary_label}
              </a>
            </div>
          </div>
          <div className="relative">
            <div className="overflow-hidden rounded-[2.5rem] shadow-xl ring-8 ring-white">
              <SafeImage
                src={heroImage}
                fallback={HERO_FALLBACK}
                alt={texts.hero_image_alt}
                width={1200}
                height={900}
                loading="lazy"
                srcSet={heroSrcSet}
                sizes={heroSizes}
                className="aspect-[4/3] w-full object-cover"
              />
            </div>
          </div>
        </div>
      </section>

      {/* The next events come straight after the welcome: on a phone they start within its first two screens. */}
      <Section
        id="upcoming-events"
        eyebrow={texts.events_eyebrow}
        title={texts.events_title}
        intro={texts.events_intro}
      >
        {events.length > 0 ? (
          <div className="grid gap-6 md:grid-cols-3">
            {events.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </div>
        ) : (
          <p className="text-lg text-slate-700">{texts.events_empty}</p>
        )}
        <a href="/events" className={buttonClasses("secondary", "md", "mt-10")}>
          {texts.events_link}
          <ArrowRightIcon className="size-4" />
        </a>
      </Section>

      <section aria-label="Our impact in numbers" className="bg-brand-800 text-white">
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-y-8 px-4 py-10 sm:px-6 md:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col items-center text-center">
              <dt className="order-2 mt-1 text-brand-100">{stat.label}</dt>
              <dd className="font-display text-4xl font-semibold text-sun-300 sm:text-5xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Section id="about-preview" tone="white">
        <div className="grid items-center gap-12 lg:grid-cols-2">
          <div className="overflow-hidden rounded-[2rem] shadow-lg">
            <SafeImage src={aboutImage} alt="Volunteers setting up stalls for a Millbrook fair" width={1000} height={750} loading="lazy" className="aspect-[4/3] w-full object-cover" />
          </div>
          <div>
            <p className="text-sm font-bold tracking-[0.14em] text-brand-700 uppercase">{texts.about_eyebrow}</p>
            <h2 id="about-preview-heading" className="mt-2 font-display text-3xl font-semibold text-brand-900 sm:text-4xl">
              {texts.about_title}
            </h2>
            <p className="mt-5 text-lg leading-relaxed text-slate-700">{about}</p>
            <a href="/about" className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline">
              {texts.about_link}
              <ArrowRightIcon className="size-4" />
            </a>
          </div>
        </div>
      </Section>

      <Section
        id="causes"
        tone="cream"
        eyebrow={texts.causes_eyebrow}
        title={texts.causes_title}
        intro={texts.causes_intro}
      >
        <div className="grid gap-6 md:grid-cols-3">
          {causes.map((cause) => (
            <CauseCard key={cause.title} cause={cause} />
          ))}
        </div>
        <a href="/causes" className={buttonClasses("secondary", "md", "mt-10")}>
          {texts.causes_link}
          <ArrowRightIcon className="size-4" />
        </a>
      </Section>

      {news.length > 0 && (
        <Section id="latest-news" tone="cream" eyebrow={texts.news_eyebrow} title={texts.news_title}>
          <div className="grid gap-6 md:grid-cols-3" data-testid="home-news">
            {news.map((post) => (
              <NewsCard key={post.slug} post={post} headingLevel={3} />
            ))}
          </div>
          <a href="/news" className={buttonClasses("secondary", "md", "mt-10")}>
            {texts.news_link}
            <ArrowRightIcon className="size-4" />
          </a>
        </Section>
      )}

      <section className="px-4 pb-20 sm:px-6">
        <div className="relative mx-auto max-w-7xl overflow-hidden rounded-[2.5rem] bg-brand-700 px-6 py-14 text-center text-white sm:px-12 sm:py-20">
          <div aria-hidden="true" className="pointer-events-none absolute -right-16 -bottom-24 size-80 rounded-full bg-sun-400/25 blur-2xl" />
          <h2 className="relative font-display text-3xl font-semibold text-balance sm:text-5xl">{texts.cta_title}</h2>
          <p className="relative mx-auto mt-4 max-w-2xl text-lg text-brand-50">{texts.cta_text}</p>
          <a href="/support#donate" className={buttonClasses("sun", "lg", "relative mt-8")}>
            <HeartIcon className="size-5" />
            {texts.cta_button}
          </a>
        </div>
      </section>
    </>
  );
}
