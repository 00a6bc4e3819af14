/**
 * Sponsors: the list thanked on /about. Staff add, edit, reorder (Move up / Move down,
 * plain form posts that work without JavaScript), show or hide, and delete them.
 */
import { EmptyState } from "../../../components/admin/kit/card.tsx";
import { DeleteDialog } from "../../../components/admin/kit/dialog.tsx";
import { OrderedList } from "../../../components/admin/kit/ordered-list.tsx";
import { ListHeader } from "../../../components/admin/kit/page-header.tsx";
import { SafeImage } from "../../../components/site/safe-image.tsx";
import { handleOrderedListAction } from "../../../domain/listings/ordered-list.server.ts";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";
import { deleteSponsor, listSponsorsForAdmin, moveSponsor, setSponsorVisible } from "../sponsors.server.ts";
import type { Route } from "./+types/sponsors";

export const handle: MenuHandle = contentMenu("sponsors");

export const meta = () => [{ title: "Sponsors | Millbrook Admin" }];

const LIST = "/admin/sponsors";

export async function loader({ request }: Route.LoaderArgs) {
  const sponsors = await listSponsorsForAdmin();
  const deleteId = Number(new URL(request.url).searchParams.get("delete"));
  const candidate = sponsors.find((s) => s.id === deleteId);
  return {
    sponsors: sponsors.map((s) => ({ id: s.id, name: s.name, url: s.url, image: s.image, image_alt: s.image_alt, is_visible: s.is_visible })),
    deleteCandidate: candidate ? { id: candidate.id, title: candidate.name } : null,
  };
}

export const action = (args: Route.ActionArgs) =>
  handleOrderedListAction(args, {
    list: LIST,
    noun: "sponsor",
    deleted: "Sponsor deleted",
    name: (row) => row.name,
    move: moveSponsor,
    setVisible: setSponsorVisible,
    remove: deleteSponsor,
  });

export default function Sponsors({ loaderData }: Route.ComponentProps) {
  const { sponsors } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <ListHeader title="Sponsors" intro="The sponsors thanked on the About page, in this order." viewOnSite="/about" add={{ to: `${LIST}/new`, label: "Add a sponsor" }} />
      {sponsors.length === 0 ? (
        <EmptyState title="No sponsors yet">Add the first sponsor. The About page shows no sponsors section until then.</EmptyState>
      ) : (
        <OrderedList
          items={sponsors}
          list={LIST}
          label="Sponsors in page order"
          name={(s) => s.name}
          row={(s) => ({ "data-testid": "admin-sponsor", "data-name": s.name })}
          leading={(s) => <SafeImage src={s.image} alt="" width={64} height={64} sizes="64px" className="size-16 shrink-0 rounded-xl bg-brand-50 object-contain" />}
          details={(s) => (
            <>
              <p className="font-semibold break-words text-ink">{s.name}</p>
              <p className="text-sm break-all text-slate-600">{s.url}</p>
              {s.image && !s.image_alt && <p className="mt-1 text-xs text-slate-600">Logo marked decorative</p>}
            </>
          )}
        />
      )}
      {loaderData.deleteCandidate && <DeleteDialog item={loaderData.deleteCandidate} noun="sponsor" cancelTo={LIST} />}
    </main>
  );
}
