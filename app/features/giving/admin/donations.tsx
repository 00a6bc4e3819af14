/** Donations ledger (administrators only): filters, totals for the range, CSV export. */
import { Link } from "react-router";

import { listDonations, parseDonationFilters } from "../admin.server.ts";
import { donationFiltersQuery } from "../shared.ts";
import { donationCauses } from "../settings.server.ts";
import type { Route } from "./+types/donations";
import { Table } from "../../../components/admin/kit/table.tsx";
import { FilterBar, FilterInput, FilterSelect } from "../../../components/admin/kit/filter-bar.tsx";
import { Pagination } from "../../../components/admin/pagination.tsx";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { giftNotes, monthlyGiftsAtRisk } from "../../gift-options/index.ts";
import { mailConfigured } from "../../../mail/mailer.server.ts";
import { formatPenceExact } from "../../../lib/money.ts";
import { formatUk } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = { menu: { group: "Money", label: "Donations", order: 20 } };

export const meta = () => [{ title: "Donations | Millbrook Admin" }];


/** "card", "cash", "collection: Craft fair" as staff read them. */
function paidByLabel(paidBy: string): string {
  const [method, ...place] = paidBy.split(": ");
  const label = PAID_BY_LABELS[method] ?? method;
  return place.length ? `${label}: ${place.join(": ")}` : label;
}
const PAID_BY_LABELS: Record<string, string> = { card: "Card", cash: "Cash", cheque: "Cheque", "bank-transfer": "Bank transfer", collection: "Collection" };

export async function loader(args: Route.LoaderArgs) {
  const filters = parseDonationFilters(new URL(args.request.url).searchParams);
  const [{ items, totals, pages }, causes, atRisk] = await Promise.all([listDonations(filters), donationCauses(), monthlyGiftsAtRisk()]);
  const notes = await giftNotes(items);
  return {
    filters,
    totals,
    pages,
    causes,
    // The donor is emailed about a failed payment only when the site can send mail.
    mailOn: mailConfigured(),
    atRisk: atRisk.map((g) => ({
      id: g.id,
      reference: g.reference,
      email: g.email,
      amount: formatPenceExact(g.amountPence),
      method: g.directDebit ? "Direct Debit" : "Card",
      since: formatUk(g.since, "date-time"),
      sinceIso: g.since.toISOString(),
      attempts: g.failedAttempts,
    })),
    items: items.map((i) => ({
      note: notes.get(i.id) ?? null,
      feeCovered: i.fee_covered_pence > 0 ? formatPenceExact(i.fee_covered_pence) : null,
      id: i.id,
      reference: i.reference,
      amount: formatPenceExact(i.amount_pence),
      mode: i.mode,
      status: i.status,
      email: i.email,
      cause: i.cause_title ?? "Where it is needed most",
      when: formatUk(i.paid_at, "date-time"),
      paidAt: i.paid_at.toISOString(),
      giftAid: Boolean(i.declaration_id),
      name: i.first_name ? [i.title, i.first_name, i.last_name].filter(Boolean).join(" ") : null,
      claimed: i.claim_id,
      paidBy: i.paid_by === "card" && notes.get(i.id)?.directDebit ? "Direct Debit" : paidByLabel(i.paid_by),
    })),
  };
}

const outline = "rounded-full border-2 border-brand-600 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50";

export default function Donations({ loaderData }: Route.ComponentProps) {
  const { filters, items, totals, pages, causes, atRisk, mailOn } = loaderData;
  const query = donationFiltersQuery({ ...filters, page: 1 });
  const filtered = Boolean(query);
  const pageLink = (page: number) => `/admin/donations?${donationFiltersQuery({ ...filters, page })}`;

  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-900">Donations</h1>
          <p className="mt-1 text-slate-600">Gifts confirmed by our payment provider (card or Direct Debit), and gifts and collections recorded by staff. Refunded gifts are left out of the totals.</p>
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

      {atRisk.length > 0 ? (
        <section aria-labelledby="at-risk-heading" className="mt-6 rounded-2xl border-2 border-amber-500 bg-amber-50 p-4" data-testid="at-risk">
          <h2 id="at-risk-heading" className="font-display text-xl font-semibold text-amber-900">
            Monthly gifts at risk ({atRisk.length})
          </h2>
          <p className="mt-1 text-sm text-amber-900">
            A payment failed and our payment provider is trying again.{" "}
            {mailOn
              ? "Each donor is emailed once per failed payment, with a link to update their details."
              : "Email is not set up on this site, so the donors have not been told: please contact them."}{" "}
            If every retry fails, the gift ends.
          </p>
          <ul className="mt-3 divide-y divide-amber-200">
            {atRisk.map((g) => (
              <li key={g.id} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-2">
                <Link to={`/admin/donations/donor?email=${encodeURIComponent(g.email)}`} className="font-semibold break-all text-brand-700 underline">
                  {g.email}
                </Link>
                <span className="font-semibold">{g.amount} a month</span>
                <span>{g.method}</span>
                <span className="text-sm">
                  At risk since <time dateTime={g.sinceIso}>{g.since}</time>
                  {g.attempts > 0 ? `, ${g.attempts} failed ${g.attempts === 1 ? "attempt" : "attempts"}` : ""}
                </span>
                <span className="font-mono text-xs">{g.reference}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

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
            {
              header: "Amount",
              className: "font-semibold",
              cell: (item) => (
                <>
                  {item.amount}
                  {item.feeCovered ? <span className="block text-xs font-normal text-slate-600">incl. {item.feeCovered} fee covered</span> : null}
                </>
              ),
            },
            {
              header: "Type",
              cell: (item) => (
                <>
                  {item.mode === "monthly" ? "Monthly" : "One-off"}
                  <span className="block text-xs text-slate-600">{item.paidBy}</span>
                  {item.note?.monthlyState === "at-risk" ? (
                    <span className="mt-1 block w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">At risk</span>
                  ) : item.note?.monthlyState === "ended-failed" ? (
                    <span className="mt-1 block w-fit rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">Ended: payments failed</span>
                  ) : null}
                </>
              ),
            },
            {
              header: "Cause",
              cell: (item) => (
                <>
                  {item.cause}
                  {item.note?.dedication ? <span className="block text-xs text-slate-700" data-testid="dedication">{item.note.dedication}</span> : null}
                </>
              ),
            },
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
