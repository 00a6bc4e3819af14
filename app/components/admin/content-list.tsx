/**
 * The admin list screens (events, craft fairs): search and filters in a GET form (so the
 * URL holds them: bookmarkable, works without JavaScript), a table whose rows toggle,
 * edit and delete, the delete confirmation dialog (opened by ?delete=<id>, so it works
 * without JavaScript too) and the empty states.
 */
import { formatShortDate } from "../site/format.ts";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { AdminListFilters } from "../../domain/listings/listing-fields.schema.ts";
import { DeleteDialog } from "./kit/dialog.tsx";
import { Pagination } from "./pagination.tsx";
import { countText } from "../../lib/paging.ts";

export interface ListItem {
  id: number;
  title: string;
  is_active: boolean;
}

export interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
  className?: string;
}

export function formatAdminDate(iso: string) {
  return formatShortDate(iso);
}

export function StatusBadge({ active, past }: { active: boolean; past?: boolean }) {
  return (
    <span className="flex flex-wrap gap-1">
      <span
        className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
          active ? "bg-brand-100 text-brand-800" : "bg-slate-200 text-slate-700"
        }`}
      >
        {active ? "Active" : "Inactive"}
      </span>
      {past && <span className="inline-flex rounded-full bg-sun-100 px-2.5 py-0.5 text-xs font-semibold text-ink">Past</span>}
    </span>
  );
}

function withParams(search: string, change: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [k, v] of Object.entries(change)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  const s = params.toString();
  return s ? `?${s}` : "?";
}

export function ContentListPage<T extends ListItem>(props: {
  title: string;
  noun: string;
  basePath: string;
  newLabel: string;
  searchLabel: string;
  items: T[];
  total: number;
  more: boolean;
  page: number;
  pages: number;
  columns: Column<T>[];
  filters: AdminListFilters;
  filtered: boolean;
  search: string;
  empty: { title: string; filteredHint: string; firstHint: string };
  deleteCandidate: T | null;
}) {
  const { items, columns, filters, basePath } = props;
  const submit = useSubmit();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === basePath;
  const searchTimer = useRef<number | undefined>(undefined);
  // The search box submits 300 ms after the last key. That pending search is dropped when
  // the form is submitted at once (Enter, Apply), when another page starts loading (Add
  // New, Edit) and when the list goes away, so it can never pull the person back here.
  const leaving = navigation.location !== undefined && navigation.location.pathname !== basePath;
  useEffect(() => {
    if (leaving) window.clearTimeout(searchTimer.current);
  }, [leaving]);
  useEffect(() => () => window.clearTimeout(searchTimer.current), []);
  // A click on a link (Add New, Edit) drops the pending search at once: waiting for the
  // navigation's render could let the timer fire first and win over the click.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest("a[href]")) window.clearTimeout(searchTimer.current);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  return (
    <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-semibold text-brand-900">{props.title}</h1>
        <Link to={`${basePath}/new`} className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700">
          {props.newLabel}
        </Link>
      </div>

      <Form
        method="get"
        role="search"
        aria-label={`Filter ${props.noun}s`}
        className="mt-6 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
        onSubmit={() => window.clearTimeout(searchTimer.current)}
        onChange={(event) => {
          const form = event.currentTarget;
          const target = event.target as HTMLElement;
          window.clearTimeout(searchTimer.current);
          if (target.getAttribute("name") === "q") {
            searchTimer.current = window.setTimeout(() => void submit(form, { replace: true, preventScrollReset: true }), 300);
          } else {
            void submit(form, { replace: true, preventScrollReset: true });
          }
        }}
      >
        <div>
          <label htmlFor="q" className="block text-sm font-semibold text-ink">
            {props.searchLabel}
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={filters.q}
            key={filters.q}
            placeholder="Search by title or location"
            className="mt-1 block w-full rounded-xl border border-slate-400 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="status" className="block text-sm font-semibold text-ink">
            Status
          </label>
          <select id="status" name="status" defaultValue={filters.status} key={`s-${filters.status}`} className="mt-1 block w-full rounded-xl border border-slate-400 bg-white px-3 py-2">
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </div>
        <div>
          <label htmlFor="time" className="block text-sm font-semibold text-ink">
            Time
          </label>
          <select id="time" name="time" defaultValue={filters.time} key={`t-${filters.time}`} className="mt-1 block w-full rounded-xl border border-slate-400 bg-white px-3 py-2">
            <option value="all">All</option>
            <option value="upcoming">Upcoming</option>
            <option value="past">Past</option>
          </select>
        </div>
        <button type="submit" className="rounded-full border-2 border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50">
          Apply
        </button>
      </Form>

      <p className="sr-only" role="status">
        {loading
          ? "Loading..."
          : props.pages > 1
            ? `${items.length} of ${countText(props)} ${props.noun}s shown`
            : `${items.length} ${props.noun}${items.length === 1 ? "" : "s"} shown`}
      </p>

      {items.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-lg font-semibold text-ink">{props.empty.title}</h2>
          <p className="mt-1 text-slate-600">{props.filtered ? props.empty.filteredHint : props.empty.firstHint}</p>
        </div>
      ) : (
        <div className={`relative mt-6 rounded-2xl border border-slate-200 bg-white shadow-sm md:overflow-x-auto ${loading ? "opacity-60" : ""}`}>
          <table className="block w-full text-left text-sm md:table">
            <thead className="sr-only bg-slate-50 text-xs tracking-wide text-slate-600 uppercase md:not-sr-only md:table-header-group">
              <tr>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={`px-4 py-3 font-semibold ${c.className ?? ""}`}>
                    {c.header}
                  </th>
                ))}
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-200 md:table-row-group">
              {items.map((item) => (
                <tr key={item.id} className="grid grid-cols-2 gap-x-4 gap-y-1 px-4 py-3 align-middle md:table-row md:p-0">
                  {columns.map((c) => (
                    <td key={c.header} className={`md:table-cell md:px-4 md:py-3 ${c.header === "Title" ? "col-span-2" : ""} ${c.className ?? ""}`}>
                      {c.header !== "Title" && <span className="block text-xs font-semibold text-slate-600 md:hidden">{c.header}</span>}
                      {c.cell(item)}
                    </td>
                  ))}
                  <td className="col-span-2 pt-2 md:table-cell md:px-4 md:py-3 lg:w-px lg:whitespace-nowrap">
                    <div className="flex flex-wrap gap-2 md:justify-end lg:flex-nowrap" data-testid="row-actions">
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="toggle" />
                        <input type="hidden" name="id" value={item.id} />
                        <button
                          type="submit"
                          aria-label={item.is_active ? `Hide ${item.title} from the website` : `Show ${item.title} on the website`}
                          className="rounded-full border border-slate-300 px-3 py-1 font-semibold text-slate-700 hover:bg-slate-100"
                        >
                          {item.is_active ? "Hide" : "Show"}
                        </button>
                      </Form>
                      <Link
                        to={`${basePath}/edit/${item.id}`}
                        aria-label={`Edit ${item.title}`}
                        className="rounded-full border border-brand-600 px-3 py-1 font-semibold text-brand-700 hover:bg-brand-50"
                      >
                        Edit
                      </Link>
                      <Link
                        to={withParams(props.search, { delete: String(item.id) })}
                        preventScrollReset
                        aria-label={`Delete ${item.title}`}
                        className="rounded-full border border-red-700 px-3 py-1 font-semibold text-red-800 hover:bg-red-50"
                      >
                        Delete
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={props.page} pages={props.pages} more={props.more} linkTo={(page) => withParams(props.search, { page: String(page), delete: null })} />
      {props.deleteCandidate && (
        <DeleteDialog item={props.deleteCandidate} noun={props.noun} cancelTo={withParams(props.search, { delete: null })} />
      )}
    </main>
  );
}
