/**
 * Trustees: the board shown on /trustees. Staff add, edit, reorder (Move up / Move down,
 * plain form posts that work without JavaScript), show or hide, and delete them.
 */
import { EmptyState } from "../../../components/admin/kit/card.tsx";
import { DeleteDialog } from "../../../components/admin/kit/dialog.tsx";
import { OrderedList } from "../../../components/admin/kit/ordered-list.tsx";
import { ListHeader } from "../../../components/admin/kit/page-header.tsx";
import { SafeImage } from "../../../components/site/safe-image.tsx";
import { deleteTrustee, listTrusteesForAdmin, moveTrustee, setTrusteeVisible } from "../trustees.server.ts";
import { handleOrderedListAction } from "../../../domain/listings/ordered-list.server.ts";
import type { Route } from "./+types/trustees";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";

export const handle: MenuHandle = contentMenu("trustees");

export const meta = () => [{ title: "Trustees | Millbrook Admin" }];

const LIST = "/admin/trustees";

export async function loader({ request }: Route.LoaderArgs) {
  const trustees = await listTrusteesForAdmin();
  const deleteId = Number(new URL(request.url).searchParams.get("delete"));
  const candidate = trustees.find((t) => t.id === deleteId);
  return {
    trustees: trustees.map((t) => ({ id: t.id, name: t.name, role: t.role, image: t.image, image_alt: t.image_alt, is_visible: t.is_visible })),
    deleteCandidate: candidate ? { id: candidate.id, title: candidate.name } : null,
  };
}

export const action = (args: Route.ActionArgs) =>
  handleOrderedListAction(args, {
    list: LIST,
    noun: "trustee",
    deleted: "Trustee deleted",
    name: (row) => row.name,
    move: moveTrustee,
    setVisible: setTrusteeVisible,
    remove: deleteTrustee,
  });

export default function Trustees({ loaderData }: Route.ComponentProps) {
  const { trustees } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <ListHeader title="Trustees" intro="The board shown on the Trustees page, in this order." viewOnSite="/trustees" add={{ to: `${LIST}/new`, label: "Add a trustee" }} />
      {trustees.length === 0 ? (
        <EmptyState title="No trustees yet">Add the first member of the board. The Trustees page shows a short note until then.</EmptyState>
      ) : (
        <OrderedList
          items={trustees}
          list={LIST}
          label="Trustees in page order"
          name={(t) => t.name}
          row={(t) => ({ "data-testid": "admin-trustee", "data-name": t.name })}
          leading={(t) => <SafeImage src={t.image} alt="" width={64} height={64} sizes="64px" className="size-16 shrink-0 rounded-xl bg-brand-50 object-cover" />}
          details={(t) => (
            <>
              <p className="font-semibold break-words text-ink">{t.name}</p>
              <p className="text-sm text-slate-600">{t.role}</p>
              {t.image && !t.image_alt && <p className="mt-1 text-xs text-slate-600">Photo marked decorative</p>}
            </>
          )}
        />
      )}
      {loaderData.deleteCandidate && <DeleteDialog item={loaderData.deleteCandidate} noun="trustee" cancelTo={LIST} />}
    </main>
  );
}
