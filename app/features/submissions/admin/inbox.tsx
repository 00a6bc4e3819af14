import { Link } from "react-router";
import { SubmissionBadges } from "./submission-badges.tsx";
import { filtersQuery, KIND_LABELS, STATUS_LABELS, SUBMISSION_KINDS, SUBMISSION_STATUSES } from "../submission-labels.ts";
import { listSubmissions, parseInboxFilters } from "../inbox.server.ts";
import type { Route } from "./+types/inbox";
import { FilterBar, FilterSelect } from "../../../components/admin/kit/filter-bar.tsx";
import { Pagination } from "../../../components/admin/pagination.tsx";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { countText } from "../../../lib/paging.ts";
import { formatUk } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = { menu: { group: "People", label: "Inbox", order: 10 } };

export const meta = () => [{ title: "Inbox | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const filters = parseInboxFilters(new URL(args.request.url).searchParams);
  const { items, page, pages, total, more } = await listSubmissions(filters);
  return {
    filters: { ...filters, page },
    total,
    more,
    pages,
    items: items.map((i) => ({ ...i, created_at: i.created_at.toISOString() })),
  };
}


export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { filters, items, total, more, pages } = loaderData;
  const exportQuery = filtersQuery({ ...filters, page: 1 });
  const pageLink = (page: number) => `/admin/inbox?${filtersQuery({ ...filters, page })}`;
  const filtered = Boolean(filters.kind || filters.status || filters.q);

  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-900">Inbox</h1>
          <p className="mt-1 text-slate-600">Volunteer offers, stall applications and award nominations from the public site.</p>
        </div>
        <a
          href={`/admin/inbox/export.csv${exportQuery ? `?${exportQuery}` : ""}`}
          download
          className="rounded-full border-2 border-brand-600 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          Export CSV
        </a>
      </div>

      <FilterBar label="Filter submissions" q={filters.q} clearTo="/admin/inbox" filtered={filtered} className="sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr_auto]">
        <FilterSelect label="Kind" name="kind" defaultValue={filters.kind ?? ""}>
          <option value="">All kinds</option>
          {SUBMISSION_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Status" name="status" defaultValue={filters.status ?? ""}>
          <option value="">All statuses</option>
          {SUBMISSION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </FilterSelect>
      </FilterBar>

      <p className="mt-5 text-sm text-slate-600" aria-live="polite">
        {total === 1 && !more ? "1 submission" : `${countText({ total, more })} submissions`}
        {filtered ? (total === 1 && !more ? " matches these filters" : " match these filters") : ""}
      </p>

      {items.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          {filtered ? "No submissions match these filters." : "No submissions yet."}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" aria-label="Submissions">
          {items.map((item) => (
            <li key={item.id} className={item.status === "new" ? "bg-sun-100/50" : undefined}>
              <Link to={`/admin/inbox/${item.id}`} className="grid gap-1 px-4 py-3 hover:bg-brand-50 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4">
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-brand-900">{item.name}</span>
                  <span className="block truncate text-sm text-slate-600">{item.email}</span>
                </span>
                <span className="flex flex-wrap items-center gap-2 text-sm sm:justify-end">
                  <SubmissionBadges kind={item.kind} status={item.status} />
                  <span className="font-mono text-xs text-slate-500">{item.reference}</span>
                  <time dateTime={item.created_at} className="text-slate-600">
                    {formatUk(item.created_at, "date-time")}
                  </time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}

      <Pagination page={filters.page} pages={pages} more={more} linkTo={pageLink} />
    </main>
  );
}
