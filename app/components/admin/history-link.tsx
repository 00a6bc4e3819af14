import { Link } from "react-router";

/** The link from an edit screen to the item's saved versions (/admin/history/<type>/<id>). */
export function HistoryLink({ type, id }: { type: string; id: string | number }) {
  return (
    <p className="md:col-span-2">
      <Link to={`/admin/history/${type}/${id}`} className="text-sm font-semibold text-brand-700 underline underline-offset-2">
        History
      </Link>
    </p>
  );
}
