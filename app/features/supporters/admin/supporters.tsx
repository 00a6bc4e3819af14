/** Supporters: everyone who gave, booked, offered help or signed up, searchable and filtered. */
import { Link } from "react-router";
import { FilterBar, FilterInput, FilterSelect } from "../../../components/admin/kit/filter-bar.tsx";
import { Table } from "../../../components/admin/kit/table.tsx";
import { EmptyState } from "../../../components/admin/kit/card.tsx";
import { Pagination } from "../../../components/admin/pagination.tsx";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { listSupporters } from "../admin.server.ts";
import { parseSupporterFilters, supporterFiltersQuery } from "../filters.ts";
import type { Route } from "./+types/supporters";
import { formatUk } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = { menu: { group: "People", label: "Supporters", order: 11 } };

export const meta = () => [{ title: "Supporters | Millbrook Admin" }];


export async function loader(args: Route.LoaderArgs) {
  const filters = parseSupporterFilters(new URL(args.request.url).searchParams);
  const { items, count } = await listSupporters(filters);
  return {
    filters,
    count,
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      email: i.email,
      postcode: i.postcode,
      since: formatUk(i.created_at, "short-date"),
      subscribed: i.subscribed,
      refused: Boolean(i.email_refused_at),
    })),
  };
}

const outline = "rounded-full border-2 border-brand-600 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50";

export default function Supporters({ loaderData }: Route.ComponentProps) {
  const { filters, items, count } = loaderData;
  const query = supporterFiltersQuery({ ...filters, page: 1 });
  const filtered = Boolean(query);
  const pageLink = (page: number) => `/admin/supporters?${supporterFiltersQuery({ ...filters, page })}`;
  const total = `${count.total.toLocaleString("en-GB")}${count.more ? "+" : ""}`;

  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-900">Supporters</h1>
          <p className="mt-1 text-slate-600">Everyone who has given, booked, offered to help or signed up for news, one record per email address.</p>
        </div>
        <a href={`/admin/supporters/export.csv${query ? `?${query}` : ""}`} download className={outline}>
          Export CSV
        </a>
      </div>

      <FilterBar label="Filter supporters" q={filters.q} clearTo="/admin/supporters" filtered={filtered} className="sm:grid-cols-2 lg:grid-cols-4" placeholder="Name, email or postcode">
        <FilterSelect label="Has given" name="given" defaultValue={filters.given}>
          <option value="">Given or not</option>
          <option value="ever">Has ever given</option>
          <option value="12m">Gave in the last 12 months</option>
        </FilterSelect>
        <FilterSelect label="Email news" name="subscribed" defaultValue={filters.subscribed}>
          <option value="">Subscribed or not</option>
          <option value="yes">Subscribed</option>
          <option value="no">Not subscribed</option>
        </FilterSelect>
        <FilterSelect label="Gives monthly" name="monthly" defaultValue={filters.monthly ? "yes" : ""}>
          <option value="">Any</option>
          <option value="yes">Gives monthly</option>
        </FilterSelect>
        <FilterSelect label="Gift Aid" name="giftAid" defaultValue={filters.giftAid ? "yes" : ""}>
          <option value="">Any</option>
          <option value="yes">Has a Gift Aid declaration</option>
        </FilterSelect>
        <FilterSelect label="Events" name="booked" defaultValue={filters.booked ? "yes" : ""}>
          <option value="">Any</option>
          <option value="yes">Booked an event</option>
        </FilterSelect>
        <FilterSelect label="Volunteering" name="volunteers" defaultValue={filters.volunteers ? "yes" : ""}>
          <option value="">Any</option>
          <option value="yes">Offered to volunteer</option>
        </FilterSelect>
        <FilterInput label="Tag" name="tag" defaultValue={filters.tag} placeholder="e.g. trustee" />
      </FilterBar>

      <p className="mt-5 text-sm text-slate-600" aria-live="polite">
        {count.total === 1 && !count.more ? "1 supporter" : `${total} supporters`}
        {filtered ? (count.total === 1 && !count.more ? " matches these filters" : " match these filters") : ""}
      </p>

      {items.length === 0 ? (
        <EmptyState title={filtered ? "No supporters match" : "No supporters yet"}>
          {filtered ? "Try fewer filters or other words." : "People appear here when they give, book, send a form or sign up for news."}
        </EmptyState>
      ) : (
        <Table
          caption="Supporters"
          framed
          minWidth="min-w-[40rem]"
          items={items}
          columns={[
            {
              header: "Name",
              cell: (item) => (
                <Link to={`/admin/supporters/${item.id}`} className="font-semibold text-brand-700 underline">
                  {item.name || item.email}
                </Link>
              ),
            },
            { header: "Email", className: "break-all", cell: (item) => item.email },
            { header: "Postcode", className: "whitespace-nowrap", cell: (item) => item.postcode || "—" },
            {
              header: "Email news",
              cell: (item) => (item.refused ? "Address refused" : item.subscribed ? "Subscribed" : "No"),
            },
            { header: "Since", className: "whitespace-nowrap", cell: (item) => item.since },
          ]}
        />
      )}

      <Pagination page={count.page} pages={count.pages} more={count.more} linkTo={pageLink} />
    </main>
  );
}
