/**
 * Previous / "Page n of m" / Next under an admin list; plain links, so it works without
 * JavaScript. `more`: the list was counted only up to a cap (app/lib/paging.ts), so there
 * are pages past `pages` ("Page 1 of 400+").
 */
import { Link } from "react-router";

export function Pagination({ page, pages, more = false, linkTo }: { page: number; pages: number; more?: boolean; linkTo: (page: number) => string }) {
  if (pages <= 1 && !more) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link to={linkTo(page - 1)} className="font-semibold text-brand-700 underline" rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {Math.min(page, pages).toLocaleString("en-GB")} of {pages.toLocaleString("en-GB")}
        {more ? "+" : ""}
      </span>
      {page < pages || more ? (
        <Link to={linkTo(page + 1)} className="font-semibold text-brand-700 underline" rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
