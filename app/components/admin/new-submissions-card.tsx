import { Link } from "react-router";

/** Dashboard card: how many inbox submissions are still "new", linking to them. */
export function NewSubmissionsCard({ count }: { count: number }) {
  return (
    <Link
      to="/admin/inbox?status=new"
      className="block rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 hover:ring-brand-400"
      data-testid="new-submissions-card"
    >
      <p className="text-sm font-semibold text-slate-600">New submissions</p>
      <p className="mt-1 font-display text-4xl font-semibold text-brand-900">{count}</p>
      <p className="mt-1 text-sm text-brand-700 underline">{count === 0 ? "Open the inbox" : "Review them in the inbox"}</p>
    </Link>
  );
}
