/** Previous / "Page n of m" / Next under an admin list; plain links, so it works without JavaScript. */
import { Link } from "react-router";

export function Pagination({ page, pages, linkTo }: { page: number; pages: number; linkTo: (page: number) => string }) {
  if (pages <= 1) return null;
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
        Page {Math.min(page, pages)} of {pages}
      </span>
      {page < pages ? (
        <Link to={linkTo(page + 1)} className="font-semibold text-brand-700 underline" rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
