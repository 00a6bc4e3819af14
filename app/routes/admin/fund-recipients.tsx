/**
 * Community Fund recipients, by year (newest first). Staff add, edit, reorder within a
 * year (Move up / Move down, plain form posts that work without JavaScript), show or
 * hide, and delete them. The fund's facts and target are page texts (Community Fund page).
 */
import { Form, Link } from "react-router";
import { DeleteDialog } from "../../components/admin/content-list.tsx";
import { formatMoney } from "../../components/site/format.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { groupByYear } from "../../domain/community/community-lists.server.ts";
import { FUND_STATUS_LABELS } from "../../domain/fund-recipients/fund-status.ts";
import {
  deleteFundRecipient,
  listFundRecipientsForAdmin,
  moveFundRecipient,
  setFundRecipientVisible,
} from "../../domain/fund-recipients/fund-recipients.server.ts";
import { handleOrderedListAction } from "./ordered-list.server.ts";
import type { Route } from "./+types/fund-recipients";
import type { MenuHandle } from "../../lib/admin-menu.ts";

export const handle: MenuHandle = { menu: { group: "Website", label: "Fund recipients", order: 40 } };

export const meta = () => [{ title: "Fund recipients | Millbrook Admin" }];

const LIST = "/admin/fund-recipients";

export async function loader({ request }: Route.LoaderArgs) {
  const rows = await listFundRecipientsForAdmin();
  const deleteId = Number(new URL(request.url).searchParams.get("delete"));
  const candidate = rows.find((r) => r.id === deleteId);
  return {
    years: groupByYear(rows.map((r) => ({ id: r.id, year: r.year, name: r.name, amount: r.amount, status: r.status, is_visible: r.is_visible }))),
    deleteCandidate: candidate ? { id: candidate.id, title: `${candidate.name} (${candidate.year})` } : null,
  };
}

export const action = (args: Route.ActionArgs) =>
  handleOrderedListAction(args, {
    list: LIST,
    noun: "recipient",
    deleted: "Recipient deleted",
    name: (row) => row.name,
    move: moveFundRecipient,
    setVisible: setFundRecipientVisible,
    remove: deleteFundRecipient,
  });

const small = "rounded-full border px-3 py-1 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-40";

export default function FundRecipients({ loaderData }: Route.ComponentProps) {
  const { years } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-900">Fund recipients</h1>
          <p className="mt-1 text-slate-600">
            The grants on the Community Fund page. The newest year is shown as this year's recipients. The fund's facts and target are under{" "}
            <Link to="/admin/pages/community-fund" className="font-semibold text-brand-700 underline underline-offset-2">
              Page texts
            </Link>
            .
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href="/community-fund" className={buttonClasses("secondary", "sm")}>
            View on site
          </a>
          <Link to={`${LIST}/new`} className={buttonClasses("primary", "sm")}>
            Add a recipient
          </Link>
        </div>
      </div>

      {years.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-lg font-semibold text-ink">No recipients yet</h2>
          <p className="mt-1 text-slate-600">Add the first grant. The Community Fund page says grants will be announced soon until then.</p>
        </div>
      ) : (
        years.map((group) => (
          <section key={group.year} className="mt-6" aria-labelledby={`year-${group.year}`}>
            <h2 id={`year-${group.year}`} className="font-display text-2xl font-semibold text-brand-800">
              {group.year}
            </h2>
            <ol className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
              {group.items.map((r, index) => (
                <li key={r.id} className="flex flex-wrap items-center gap-4 p-4" data-testid="admin-fund-recipient" data-name={r.name}>
                  <div className="min-w-40 flex-1">
                    <p className="font-semibold break-words text-ink">{r.name}</p>
                    <p className="text-sm text-slate-600">
                      {formatMoney(r.amount)} · {FUND_STATUS_LABELS[r.status]}
                    </p>
                    {!r.is_visible && <p className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Hidden</p>}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Form method="post" className="contents">
                      <input type="hidden" name="id" value={r.id} />
                      <button type="submit" name="intent" value="up" disabled={index === 0} aria-label={`Move ${r.name} up`} className={`${small} border-slate-300 text-slate-700 hover:bg-slate-100`}>
                        Move up
                      </button>
                      <button type="submit" name="intent" value="down" disabled={index === group.items.length - 1} aria-label={`Move ${r.name} down`} className={`${small} border-slate-300 text-slate-700 hover:bg-slate-100`}>
                        Move down
                      </button>
                      <button type="submit" name="intent" value={r.is_visible ? "hide" : "show"} aria-label={`${r.is_visible ? "Hide" : "Show"} ${r.name}`} className={`${small} border-slate-300 text-slate-700 hover:bg-slate-100`}>
                        {r.is_visible ? "Hide" : "Show"}
                      </button>
                    </Form>
                    <Link to={`${LIST}/edit/${r.id}`} aria-label={`Edit ${r.name}`} className={`${small} border-brand-600 text-brand-700 hover:bg-brand-50`}>
                      Edit
                    </Link>
                    <Link to={`?delete=${r.id}`} preventScrollReset aria-label={`Delete ${r.name}`} className={`${small} border-red-700 text-red-800 hover:bg-red-50`}>
                      Delete
                    </Link>
                  </div>
                </li>
              ))}
            </ol>
          </section>
        ))
      )}
      {loaderData.deleteCandidate && <DeleteDialog item={loaderData.deleteCandidate} noun="recipient" cancelTo={LIST} />}
    </main>
  );
}
