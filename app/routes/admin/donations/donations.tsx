/** Donations ledger (administrators only): filters, totals for the range, CSV export. */
import { Link } from "react-router";
import { formatPenceExact } from "../../../domain/giving/donation.ts";
import { listDonations, parseDonationFilters } from "../../../domain/giving/admin.server.ts";
import { donationFiltersQuery } from "../../../domain/giving/shared.ts";
import { donationCauses } from "../../../domain/giving/settings.server.ts";
import type { Route } from "./+types/donations";
import { Table } from "../../../components/admin/kit/table.tsx";
import { FilterBar, FilterInput, FilterSelect } from "../../../components/admin/kit/filter-bar.tsx";
import { Pagination } from "../../../components/admin/pagination.tsx";
import type { MenuHandle } from "../../../lib/admin-menu.ts";

export const handle: MenuHandle = { menu: { group: "Money", label: "Donations", order: 20 } };

export const meta = () => [{ title: "Donations | Millbrook Admin" }];

const londonWhen = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));

/** "card", "cash", "collection: Craft fair" as staff read them. */
function paidByLabel(paidBy: string): string {
  const [method, ...place] = paidBy.split(": ");
  const label = PAID_BY_LABELS[method] ?? method;
  return place.length ? `${label}: ${place.join(": ")}` : label;
}
const PAID_BY_LABELS: Record<string, string> = { card: "Card", cash: "Cash", cheque: "Cheque", "bank-transfer": "Bank transfer", collection: "Collection" };

export async function loader(args: Route.LoaderArgs) {
  const filters = parseDonationFilters(new URL(args.request.url).searchParams);
  const [{ items, totals, pages }, causes] = await Promise.all([listDonations(filters), donationCauses()]);
  return {
    filters,
    totals,
    pages,
    causes,
    items: items.map((i) => ({
      id: i.id,
      reference: i.reference,
      amount: formatPenceExact(i.amount_pence),
      mode: i.mode,
      status: i.status,
      email: i.email,
      cause: i.cause_title ?? "Where it is needed most",
      when: londonWhen(i.paid_at.toISOString()),
      paidAt: i.paid_at.toISOString(),
      giftAid: Boolean(i.declaration_id),
      name: i.first_name ? [i.title, i.first_name, i.last_name].filter(Boolean).join(" ") : null,
      claimed: i.claim_id,
      paidBy: paidByLabel(i.paid_by),
    })),
  };
}

const outline = "rounded-full border-2 border-brand-600 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50";

export default function Donations({ loaderData }: Route.ComponentProps) {
  const { filters, items, totals, pages, causes } = loaderData;
  const query = donationFiltersQuery({ ...filters, page: 1 });
  const filtered = Boolean(query);
  const pageLink = (page: number) => `/admin/donations?${donationFiltersQuery({ ...filters, page })}`;

  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-900">Donations</h1>
          <p className="mt-1 text-slate-600">Gifts confirmed by our card payment provider, and gifts and collections recorded by staff. Refunded gifts are left out of the totals.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/donations/offline" className={outline}>
            Record a gift or collection
          </Link>
          <Link to="/admin/donations/gift-aid" className={outline}>
            Gift Aid claim
          </Link>
          <a href={`/admin/donations/export.csv${query ? `?${query}` : ""}`} download className={outline}>
            Export CSV
          </a>
        </div>
      </div>

      <FilterBar label="Filter donations" q={filters.q} clearTo="/admin/donations" filtered={filtered} className="sm:grid-cols-2 lg:grid-cols-4">
        <FilterInput label="From" type="date" name="from" defaultValue={filters.from} />
        <FilterInput label="To" type="date" name="to" defaultValue={filters.to} />
        <FilterSelect label="Type" name="mode" defaultValue={filters.mode}>
          <option value="">One-off and monthly</option>
          <option value="one-off">One-off</option>
          <option value="monthly">Monthly</option>
        </FilterSelect>
        <FilterSelect label="Gift Aid" name="giftAid" defaultValue={filters.giftAid}>
          <option value="">With or without</option>
          <option value="yes">With Gift Aid</option>
          <option value="no">Without Gift Aid</option>
        </FilterSelect>
        <FilterSelect label="Cause" name="cause" defaultValue={filters.cause}>
          <option value="">All causes</option>
          <option value="none">Where it is needed most</option>
          {causes.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.title}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Status" name="status" defaultValue={filters.status}>
          <option value="">Paid and refunded</option>
          <option value="paid">Paid</option>
          <option value="refunded">Refunded</option>
        </FilterSelect>
      </FilterBar>

      <dl className="mt-5 grid gap-3 sm:grid-cols-3" aria-label="Totals" data-testid="donation-totals">
        <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <dt className="text-sm text-slate-600">Paid gifts</dt>
          <dd className="mt-1 text-2xl font-semibold text-brand-900">{totals.paidCount}</dd>
        </div>
        <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <dt className="text-sm text-slate-600">Total given</dt>
          <dd className="mt-1 text-2xl font-semibold text-brand-900" data-testid="total-given">
            {formatPenceExact(totals.paidPence)}
          </dd>
        </div>
        <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <dt className="text-sm text-slate-600">Gift Aid to claim on these (25%)</dt>
          <dd className="mt-1 text-2xl font-semibold text-brand-900">{formatPenceExact(totals.giftAidPence)}</dd>
        </div>
      </dl>
      {totals.refundedPence > 0 && <p className="mt-2 text-sm text-slate-600">Refunded: {formatPenceExact(totals.refundedPence)} (not in the totals).</p>}

      <p className="mt-5 text-sm text-slate-600" aria-live="polite">
        {totals.count === 1 ? "1 gift" : `${totals.count} gifts`}
        {filtered ? (totals.count === 1 ? " matches these filters" : " match these filters") : ""}
      </p>

      {items.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          {filtered ? "No gifts match these filters." : "No gifts yet."}
        </p>
      ) : (
        <Table
          caption="Gifts"
          framed
          minWidth="min-w-[46rem]"
          items={items}
          columns={[
            { header: "Date", className: "whitespace-nowrap", cell: (item) => <time dateTime={item.paidAt}>{item.when}</time> },
            {
              header: "Donor",
              cell: (item) => (
                <>
                  {item.email ? (
                    <Link to={`/admin/donations/donor?email=${encodeURIComponent(item.email)}`} className="font-semibold text-brand-700 underline">
                      {item.name ?? item.email}
                    </Link>
                  ) : (
                    <span className="font-semibold">{item.name ?? (item.paidBy.startsWith("Collection") ? "Collection" : "Anonymous")}</span>
                  )}
                  {item.name && <span className="block text-xs break-all text-slate-600">{item.email}</span>}
                </>
              ),
            },
            { header: "Amount", className: "font-semibold", cell: (item) => item.amount },
            {
              header: "Type",
              cell: (item) => (
                <>
                  {item.mode === "monthly" ? "Monthly" : "One-off"}
                  <span className="block text-xs text-slate-600">{item.paidBy}</span>
                </>
              ),
            },
            { header: "Cause", cell: (item) => item.cause },
            { header: "Gift Aid", cell: (item) => (item.giftAid ? (item.claimed ? `Yes (claim ${item.claimed})` : "Yes") : "No") },
            {
              header: "Status",
              cell: (item) => (
                <span className={item.status === "paid" ? "rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-800" : "rounded-full bg-red-50 px-2 py-0.5 font-semibold text-red-800"}>
                  {item.status === "paid" ? "Paid" : "Refunded"}
                </span>
              ),
            },
            { header: "Reference", className: "font-mono text-xs", cell: (item) => item.reference },
          ]}
        />
      )}

      <Pagination page={filters.page} pages={pages} linkTo={pageLink} />
    </main>
  );
}
