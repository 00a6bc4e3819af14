/** The sponsors on /about: each logo (or name) linking to the sponsor's site, in staff's order. */
import { SafeImage } from "../../components/site/safe-image.tsx";

interface Sponsor {
  name: string;
  url: string;
  image: string | null;
  image_alt: string;
  image_focal?: string;
}

export function SponsorsSection({ sponsors }: { sponsors: readonly Sponsor[] }) {
  if (sponsors.length === 0) return null;
  return (
    <section aria-labelledby="sponsors-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h2 id="sponsors-heading" className="font-display text-3xl font-semibold text-brand-900">
        Our sponsors
      </h2>
      <p className="mt-2 text-lg text-slate-700">Local businesses and trusts who help us do what we do.</p>
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="sponsors">
        {sponsors.map((s) => (
          <li key={s.url + s.name}>
            <a
              href={s.url}
              rel="noopener"
              className="flex h-full min-h-24 flex-col items-center justify-center gap-2 rounded-2xl bg-white p-4 text-center ring-1 ring-slate-200 hover:ring-brand-400 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {s.image ? (
                <SafeImage src={s.image} alt={s.image_alt || s.name} focal={s.image_focal} width={160} height={80} sizes="160px" className="h-16 w-auto max-w-full object-contain" />
              ) : null}
              <span className={s.image ? "sr-only" : "font-semibold break-words text-brand-900"}>{s.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
