import { formatPence, progressPercent } from "../../lib/money.ts";
import { ProgressBar } from "../../components/site/page-hero.tsx";
import { SafeImage } from "../../components/site/safe-image.tsx";
import { useStoredMarkup } from "../../lib/stored-markup.ts";

export interface CauseCardData {
  title: string;
  description: string;
  image: string | null;
  /** What the image shows; empty when it is decorative. */
  image_alt: string;
  image_focal?: string;
  /** Pence. */
  raised_pence: number;
  goal_pence: number;
}

/**
 * `headingLevel`: 2 where the cards sit right under the page's h1 (/causes), 3 under a section's h2.
 * `firstScreen`: the card shows on a phone's first screen (the first on /causes), so its
 * picture loads with the page instead of lazily after layout: it is the page's largest paint.
 */
export function CauseCard(props: { cause: CauseCardData; headingLevel?: 2 | 3; firstScreen?: boolean }) {
  const { cause, headingLevel = 3, firstScreen = false } = props;
  // Kept by its props on the server (docs/decisions/361), but for the first screen's (its eager picture is preloaded).
  return useStoredMarkup(firstScreen ? null : `cause-card ${JSON.stringify([cause, headingLevel])}`, () => causeCard(props));
}

type CauseCardProps = Parameters<typeof CauseCard>[0];

/** The card's element (a plain function: its outer element is what is kept). */
function causeCard({ cause, headingLevel = 3, firstScreen = false }: CauseCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const percent = progressPercent(cause.raised_pence, cause.goal_pence);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="aspect-[16/10] bg-brand-50">
        <SafeImage src={cause.image} alt={cause.image_alt} focal={cause.image_focal} loading={firstScreen ? "eager" : "lazy"} decoding="async" width={640} height={400} className="size-full object-cover" />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <Heading className="font-display text-xl font-semibold text-brand-900">{cause.title}</Heading>
        <p className="mt-2 flex-1 text-slate-700">{cause.description}</p>
        <div className="mt-5">
          <ProgressBar
            label={`${cause.title} fundraising progress`}
            raised={formatPence(cause.raised_pence)}
            goal={formatPence(cause.goal_pence)}
            percent={percent}
          />
          {cause.raised_pence >= cause.goal_pence ? (
            <p className="mt-2 inline-flex rounded-full bg-sun-100 px-3 py-1 text-sm font-semibold text-ink">Goal reached, thank you!</p>
          ) : null}
        </div>
      </div>
    </article>
  );
}
