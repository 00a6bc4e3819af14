/**
 * The craft fair gallery: the images on the Craft Fairs page. Staff add, edit, reorder
 * (Move up / Move down, plain form posts that work without JavaScript), show or hide, and
 * delete them.
 */
import { EmptyState } from "../../../components/admin/kit/card.tsx";
import { DeleteDialog } from "../../../components/admin/kit/dialog.tsx";
import { OrderedList } from "../../../components/admin/kit/ordered-list.tsx";
import { ListHeader } from "../../../components/admin/kit/page-header.tsx";
import { SafeImage } from "../../../components/site/safe-image.tsx";
import { deleteGalleryImage, listGalleryForAdmin, moveGalleryImage, setGalleryImageVisible } from "../gallery.server.ts";
import { handleOrderedListAction } from "../../../domain/listings/ordered-list.server.ts";
import type { Route } from "./+types/craft-fair-gallery";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";

export const handle: MenuHandle = contentMenu("craft-fair-gallery");

export const meta = () => [{ title: "Craft fair gallery | Millbrook Admin" }];

const LIST = "/admin/craft-fair-gallery";

export async function loader({ request }: Route.LoaderArgs) {
  const causes = (await listGalleryForAdmin()).map((g, i) => ({ ...g, title: g.image_alt || `Decorative image ${i + 1}` }));
  const deleteId = Number(new URL(request.url).searchParams.get("delete"));
  const candidate = causes.find((c) => c.id === deleteId);
  return {
    causes: causes.map((c) => ({ id: c.id, title: c.title, image: c.image, decorative: c.image_alt === "", is_visible: c.is_visible })),
    deleteCandidate: candidate ? { id: candidate.id, title: candidate.title } : null,
  };
}

export const action = (args: Route.ActionArgs) =>
  handleOrderedListAction(args, {
    list: LIST,
    noun: "image",
    deleted: "Image deleted",
    name: () => "The image",
    move: moveGalleryImage,
    setVisible: setGalleryImageVisible,
    remove: deleteGalleryImage,
  });

export default function CraftFairGallery({ loaderData }: Route.ComponentProps) {
  const { causes } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <ListHeader
        title="Craft fair gallery"
        intro="The images in the gallery on the Craft Fairs page (Past Fairs), in this order."
        viewOnSite="/craft-fairs?tab=past"
        add={{ to: `${LIST}/new`, label: "Add an image" }}
      />
      {causes.length === 0 ? (
        <EmptyState title="No gallery images yet">Add the first image. The Craft Fairs page leaves the gallery out until then.</EmptyState>
      ) : (
        <OrderedList
          items={causes}
          list={LIST}
          label="Gallery images in page order"
          name={(c) => c.title}
          row={(c) => ({ "data-testid": "admin-gallery-image", "data-title": c.title })}
          leading={(c) => <SafeImage src={c.image} alt="" width={96} height={60} sizes="96px" className="h-15 w-24 shrink-0 rounded-xl bg-brand-50 object-cover" />}
          details={(c) => (
            <>
              <p className="font-semibold break-words text-ink">{c.title}</p>
              {c.decorative && <p className="text-sm text-slate-600">Marked decorative</p>}
            </>
          )}
        />
      )}
      {loaderData.deleteCandidate && <DeleteDialog item={loaderData.deleteCandidate} noun="image" cancelTo={LIST} />}
    </main>
  );
}
