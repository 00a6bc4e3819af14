import { ArrowRightIcon, HeartIcon, LeafIcon, UsersIcon } from "../../components/site/icons.tsx";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { SafeImage } from "../../components/site/safe-image.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { getPageTexts } from "../../features/page-texts/index.ts";
import { listPublicSponsors } from "../../features/sponsors/index.ts";
import { SponsorsSection } from "../../features/sponsors/sponsors-section.tsx";
import type { Route } from "./+types/about";

export async function loader() {
  const [texts, sponsors] = await Promise.all([getPageTexts("about"), listPublicSponsors().catch(() => [])]);
  return {
    texts,
    sponsors,
    values: [1, 2, 3].map((n) => ({ title: texts[`value_${n}_title`], body: texts[`value_${n}_body`] })),
    // Timeline entries with a year, in the order staff keep them.
    timeline: [1, 2, 3, 4, 5, 6]
      .map((n) => ({ year: texts[`timeline_${n}_year`], title: texts[`timeline_${n}_title`], body: texts[`timeline_${n}_body`] }))
      .filter((item) => item.year !== ""),
    figures: [1, 2, 3, 4]
      .map((n) => ({ value: texts[`figure_${n}_value`], label: texts[`figure_${n}_label`] }))
      .filter((figure) => figure.value !== "" && figure.label !== ""),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "About Us",
    description:
      "Our mission, vision and values, how Millbrook Community Foundation began in 2023, and the difference local people have made since.",
    path: "/about",
    ...siteFrom(matches),
  });

const VALUE_ICONS = [LeafIcon, HeartIcon, UsersIcon];

export default function About({ loaderData }: Route.ComponentProps) {
  const { texts, values, timeline, figures, sponsors } = loaderData;
  return (
    <>
      <PageHero
        eyebrow={texts.hero_eyebrow}
        title={texts.hero_title}
        intro={texts.hero_intro}
        art={
          <SafeImage src="/images/about.svg" alt="" width={800} height={600} className="aspect-[4/3] w-full rounded-[2rem] object-cover shadow-lg" />
        }
      />

      <Section tone="white">
        <div className="grid gap-6 md:grid-cols-2">
          <div className="rounded-3xl bg-brand-50 p-8 ring-1 ring-brand-100">
            <h2 className="font-display text-3xl font-semibold text-brand-900">{texts.mission_title}</h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">{texts.mission}</p>
          </div>
          <div className="rounded-3xl bg-sun-100 p-8 ring-1 ring-sun-300/60">
            <h2 className="font-display text-3xl font-semibold text-brand-900">{texts.vision_title}</h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">{texts.vision}</p>
          </div>
        </div>
      </Section>

      <Section tone="cream" eyebrow={texts.values_eyebrow} title={texts.values_title}>
        <ul className="grid gap-6 md:grid-cols-3">
          {values.map((value, i) => {
            const Icon = VALUE_ICONS[i] ?? HeartIcon;
            return (
              <li key={value.title} className="rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200">
                <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-600 text-white">
                  <Icon className="size-6" />
                </span>
                <h3 className="mt-5 font-display text-2xl font-semibold text-brand-900">{value.title}</h3>
                <p className="mt-3 leading-relaxed text-slate-700">{value.body}</p>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section eyebrow={texts.story_eyebrow} title={texts.story_title}>
        <ol className="relative space-y-10 border-l-4 border-brand-100 pl-8 sm:ml-4">
          {timeline.map((item, i) => (
            <li key={i} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1 -left-[2.85rem] flex size-10 items-center justify-center rounded-full bg-sun-400 font-bold text-ink ring-4 ring-white"
              >
                ★
              </span>
              <p className="font-display text-2xl font-semibold text-brand-700">{item.year}</p>
              <h3 className="mt-1 text-xl font-semibold text-ink">{item.title}</h3>
              <p className="mt-2 max-w-3xl leading-relaxed text-slate-700">{item.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <section aria-labelledby="impact-heading" className="bg-brand-800 py-16 text-white sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="impact-heading" className="font-display text-3xl font-semibold sm:text-4xl">
            {texts.impact_title}
          </h2>
          <dl className="mt-10 grid grid-cols-2 gap-8 md:grid-cols-4">
            {figures.map((figure) => (
              <div key={figure.label} className="flex flex-col">
                <dt className="order-2 mt-1 text-brand-100">{figure.label}</dt>
                <dd className="font-display text-4xl font-semibold text-sun-300 sm:text-5xl">{figure.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <Section tone="white">
        <div className="flex flex-col items-start justify-between gap-6 rounded-3xl bg-brand-50 p-8 ring-1 ring-brand-100 md:flex-row md:items-center">
          <div>
            <h2 className="font-display text-2xl font-semibold text-brand-900 sm:text-3xl">{texts.trustees_title}</h2>
            <p className="mt-2 text-lg text-slate-700">{texts.trustees_text}</p>
          </div>
          <a href="/trustees" className={buttonClasses("primary", "lg")}>
            {texts.trustees_link}
            <ArrowRightIcon className="size-5" />
          </a>
        </div>
      </Section>
      <SponsorsSection sponsors={sponsors} />
    </>
  );
}
