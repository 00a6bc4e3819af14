/**
 * Community Fund recipients, by year (newest first). Staff add, edit, reorder within a
 * year (Move up / Move down, plain form posts that work without JavaScript), show or
 * hide, and delete them. The fund's facts and target are page texts (Community Fund page).
 */
import { Link } from "react-router";
import { EmptyState } from "../../../components/admin/kit/card.tsx";
import { DeleteDialog } from "../../../components/admin/kit/dialog.tsx";
import { OrderedList } from "../../../components/admin/kit/ordered-list.tsx";
import { ListHeader } from "../../../components/admin/kit/page-header.tsx";

import { groupByYear } from "../../../domain/community/community-lists.server.ts";
import { FUND_STATUS_LABELS } from "../fund-status.ts";
import {
  deleteFundRecipient,
  listFundRecipientsForAdmin,
  moveFundRecipient,
  setFundRecipientVisible,
} from "../fund-recipients.server.ts";
import { handleOrderedListAction } from "../../../domain/listings/ordered-list.server.ts";
import type { Route } from "./+types/fund-recipients";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";
import { formatPence } from "../../../lib/money.ts";

export const handle: MenuHandle = contentMenu("fund-recipients");

export const meta = () => [{ title: "Fund recipients | Millbrook Admin" }];

const LIST = "/admin/fund-recipients";

export async function loader({ request }: Route.LoaderArgs) {
  const rows = await listFundRecipientsForAdmin();
  const deleteId = Number(new URL(request.url).searchParams.get("delete"));
  const candidate = rows.find((r) => r.id === deleteId);
  return {
    years: groupByYear(rows.map((r) => ({ id: r.id, year: r.year, name: r.name, amount_pence: r.amount_pence, status: r.status, is_visible: r.is_visible }))),
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

export default function FundRecipients({ loaderData }: Route.ComponentProps) {
  const { years } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <ListHeader
        title="Fund recipients"
        intro={
          <>
            The grants on the Community Fund page. The newest year is shown as this year's recipients. The fund's facts and target are under{" "}
            <Link to="/admin/pages/community-fund" className="font-semibold text-brand-700 underline underline-offset-2">
              Page texts
            </Link>
            .
          </>
        }
        viewOnSite="/community-fund"
        add={{ to: `${LIST}/new`, label: "Add a recipient" }}
      />
      {years.length === 0 ? (
        <EmptyState title="No recipients yet">Add the first grant. The Community Fund page says grants will be announced soon until then.</EmptyState>
      ) : (
        years.map((group) => (
          <section key={group.year} className="mt-6" aria-labelledby={`year-${group.year}`}>
            <h2 id={`year-${group.year}`} className="font-display text-2xl font-semibold text-brand-800">
              {group.year}
            </h2>
            <OrderedList
              items={group.items}
              list={LIST}
              className="mt-3"
              name={(r) => r.name}
              row={(r) => ({ "data-testid": "admin-fund-recipient", "data-name": r.name })}
              details={(r) => (
                <>
                  <p className="font-semibold break-words text-ink">{r.name}</p>
                  <p className="text-sm text-slate-600">
                    {formatPence(r.amount_pence)} · {FUND_STATUS_LABELS[r.status]}
                  </p>
                </>
              )}
            />
          </section>
        ))
      )}
      {loaderData.deleteCandidate && <DeleteDialog item={loaderData.deleteCandidate} noun="recipient" cancelTo={LIST} />}
    </main>
  );
}
