/**
 * The pages of a public list, below it: "Previous", the page numbers and "Next" (on a
 * phone, the status "Page 2 of 6" above the two links instead of the numbers). Plain
 * links, so it works without JavaScript; with it they navigate on the client. Nothing is shown when one page holds the list.
 * Many pages are shortened to the first, the last and those around the current one.
 */
import { Link } from "react-router";

/** The page numbers to show, with null where a run of pages is left out. */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  // "…" stands for two pages or more: a single page left out is shown instead.
  return shown.flatMap((n, i) => {
    const gap = i > 0 ? n - shown[i - 1]! - 1 : 0;
    return gap === 0 ? [n] : gap === 1 ? [n - 1, n] : [null, n];
  });
}

const step = "inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50";

export function Pager({
  page,
  pages,
  href,
  label,
  previous,
  next,
  status,
}: {
  page: number;
  pages: number;
  /** The address of a page. */
  href: (page: number) => string;
  /** What the navigation is called for screen readers. */
  label: string;
  previous: string;
  next: string;
  /** "Page 2 of 6", shown on a phone in place of the numbers. */
  status: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-between gap-3" data-testid="pager">
      <p className="w-full text-center text-slate-700 sm:hidden">{status}</p>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={step}>
          <span aria-hidden="true">←</span>
          {previous}
        </Link>
      ) : (
        <span />
      )}
      <ol className="hidden items-center gap-1.5 sm:flex">
        {pageNumbers(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page" className="inline-flex size-11 items-center justify-center rounded-full bg-brand-600 font-semibold text-white">
                  {n}
                </span>
              ) : (
                <Link to={href(n)} className="inline-flex size-11 items-center justify-center rounded-full font-semibold text-brand-700 hover:bg-brand-50">
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className={step}>
          {next}
          <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
