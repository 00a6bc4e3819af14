/** The opening band of every public page; leaves room for the fixed header. */
import type { ReactNode } from "react";
import { preload } from "react-dom";
import { uploadedImageSrcSet } from "../ui/responsive-image.ts";
import { SafeImage } from "./safe-image.tsx";

/** The illustration's column: wide screens only (lg), about 34rem at the page's full width. */
export const WIDE_SCREEN = "(min-width: 64rem)";
const ART_SIZES = "(min-width: 80rem) 34rem, 42vw";

export function PageHero({
  eyebrow,
  title,
  intro,
  children,
  art,
  image,
  compact = false,
}: {
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  art?: ReactNode;
  /** A decorative illustration shown beside the title on wide screens. */
  image?: string;
  /** A short hero, without the illustration: the page's list starts on the first screen. */
  compact?: boolean;
}) {
  if (compact) {
    return (
      <section className="bg-linear-to-b from-sun-100 via-[#fbf6ea] to-white pt-24 pb-2 sm:pt-28 sm:pb-4">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          {eyebrow ? <p className="text-sm font-bold tracking-[0.14em] text-brand-700 uppercase">{eyebrow}</p> : null}
          <h1 className="mt-2 font-display text-4xl leading-[1.08] font-semibold text-balance text-brand-900 sm:text-5xl">{title}</h1>
          {intro ? <div className="mt-3 max-w-3xl text-base leading-relaxed text-slate-700 sm:text-lg">{intro}</div> : null}
          {children ? <div className="mt-6 flex flex-wrap gap-3">{children}</div> : null}
        </div>
      </section>
    );
  }
  if (!art && image) {
    // Fetched early, first, where it shows; phones, where it is hidden, never fetch it (a
    // lazy image that is not displayed is not loaded), so it takes nothing from their first paint.
    const srcSet = uploadedImageSrcSet(image);
    const sizes = srcSet ? ART_SIZES : undefined;
    preload(image, { as: "image", fetchPriority: "high", media: WIDE_SCREEN, imageSrcSet: srcSet, imageSizes: sizes });
    art = (
      <SafeImage
        src={image}
        alt=""
        width={800}
        height={500}
        loading="lazy"
        sizes={sizes}
        className="aspect-[8/5] w-full rounded-[2rem] object-cover shadow-lg ring-8 ring-white"
      />
    );
  }
  return (
    <section className="relative overflow-hidden bg-linear-to-b from-sun-100 via-[#fbf6ea] to-white pt-28 pb-12 sm:pt-32 sm:pb-16">
      <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-80 rounded-full bg-brand-100/60 blur-3xl" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-[1.2fr_1fr]">
        <div>
          {eyebrow ? <p className="text-sm font-bold tracking-[0.14em] text-brand-700 uppercase">{eyebrow}</p> : null}
          <h1 className="mt-3 font-display text-4xl leading-[1.08] font-semibold text-balance text-brand-900 sm:text-5xl lg:text-6xl">
            {title}
          </h1>
          {intro ? <div className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-700 sm:text-xl">{intro}</div> : null}
          {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
        </div>
        {art ? <div className="hidden lg:block">{art}</div> : null}
      </div>
    </section>
  );
}

export function Section({
  id,
  eyebrow,
  title,
  intro,
  children,
  tone = "white",
  className = "",
  compact = false,
}: {
  /** Less room above and below the heading (a list that should start high on the page). */
  compact?: boolean;
  id?: string;
  eyebrow?: string;
  title?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  tone?: "white" | "cream" | "green";
  className?: string;
}) {
  const tones = { white: "bg-white", cream: "bg-[#fbf6ea]", green: "bg-brand-50" };
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={title ? headingId : undefined} className={`scroll-mt-24 ${compact ? "pt-6 pb-16 sm:pt-8 sm:pb-20" : "py-16 sm:py-20"} ${tones[tone]} ${className}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        {title ? (
          <div className="max-w-3xl">
            {eyebrow ? <p className="text-sm font-bold tracking-[0.14em] text-brand-700 uppercase">{eyebrow}</p> : null}
            <h2 id={headingId} className={`${compact ? "mt-1 text-2xl sm:text-3xl" : "mt-2 text-3xl sm:text-4xl"} font-display leading-tight font-semibold text-brand-900`}>
              {title}
            </h2>
            {intro ? <div className="mt-4 text-lg leading-relaxed text-slate-700">{intro}</div> : null}
          </div>
        ) : null}
        <div className={title ? (compact ? "mt-5" : "mt-10") : ""}>{children}</div>
      </div>
    </section>
  );
}

export function ProgressBar({ raised, goal, percent, label }: { raised: string; goal: string; percent: number; label: string }) {
  return (
    <div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${raised} raised of ${goal} (${percent}%)`}
        className="h-3 overflow-hidden rounded-full bg-brand-100"
      >
        <div className="h-full rounded-full bg-linear-to-r from-brand-500 to-brand-600" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 flex justify-between text-sm">
        <span>
          <strong className="font-semibold text-brand-800">{raised}</strong> raised
        </span>
        <span className="text-slate-600">Goal {goal}</span>
      </p>
    </div>
  );
}
