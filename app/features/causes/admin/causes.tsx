/**
 * Causes: the projects shown on /causes and the home page. Staff add, edit, reorder
 * (Move up / Move down, plain form posts that work without JavaScript), show or hide, and
 * delete them. Raised shows what staff entered plus the gifts given online to the cause.
 */
import { EmptyState } from "../../../components/admin/kit/card.tsx";
import { DeleteDialog } from "../../../components/admin/kit/dialog.tsx";
import { OrderedList } from "../../../components/admin/kit/ordered-list.tsx";
import { ListHeader } from "../../../components/admin/kit/page-header.tsx";

import { SafeImage } from "../../../components/site/safe-image.tsx";
import { deleteCause, listCausesForAdmin, moveCause, setCauseVisible } from "../causes.server.ts";
import { handleOrderedListAction } from "../../../domain/listings/ordered-list.server.ts";
import type { Route } from "./+types/causes";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";
import { formatPence } from "../../../lib/money.ts";

export const handle: MenuHandle = contentMenu("causes");

export const meta = () => [{ title: "Causes | Millbrook Admin" }];

const LIST = "/admin/causes";

export async function loader({ request }: Route.LoaderArgs) {
  const causes = await listCausesForAdmin();
  const deleteId = Number(new URL(request.url).searchParams.get("delete"));
  const candidate = causes.find((c) => c.id === deleteId);
  return {
    causes: causes.map((c) => ({ id: c.id, title: c.title, image: c.image, goal_pence: c.goal_pence, raised_pence: c.raised_pence, gifts: c.gifts, is_visible: c.is_visible })),
    deleteCandidate: candidate ? { id: candidate.id, title: candidate.title } : null,
  };
}

export const action = (args: Route.ActionArgs) =>
  handleOrderedListAction(args, {
    list: LIST,
    noun: "cause",
    deleted: "Cause deleted",
    name: (row) => row.title,
    move: moveCause,
    setVisible: setCauseVisible,
    remove: deleteCause,
  });

export default function Causes({ loaderData }: Route.ComponentProps) {
  const { causes } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <ListHeader
        title="Causes"
        intro="The projects on the Causes page, in this order. The home page shows the first three."
        viewOnSite="/causes"
        add={{ to: `${LIST}/new`, label: "Add a cause" }}
      />
      {causes.length === 0 ? (
        <EmptyState title="No causes yet">Add the first cause. The Causes page shows a short note until then.</EmptyState>
      ) : (
        <OrderedList
          items={causes}
          list={LIST}
          label="Causes in page order"
          name={(c) => c.title}
          row={(c) => ({ "data-testid": "admin-cause", "data-title": c.title })}
          leading={(c) => <SafeImage src={c.image} alt="" width={96} height={60} sizes="96px" className="h-15 w-24 shrink-0 rounded-xl bg-brand-50 object-cover" />}
          details={(c) => (
            <>
              <p className="font-semibold break-words text-ink">{c.title}</p>
              <p className="text-sm text-slate-600">
                {formatPence(c.raised_pence + c.gifts)} of {formatPence(c.goal_pence)}
                {c.gifts > 0 && ` (${formatPence(c.gifts)} given online)`}
              </p>
            </>
          )}
        />
      )}
      {loaderData.deleteCandidate && <DeleteDialog item={loaderData.deleteCandidate} noun="cause" cancelTo={LIST} />}
    </main>
  );
}
