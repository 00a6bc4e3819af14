/**
 * The craft fair gallery: the images on the Craft Fairs page. Staff add, edit, reorder
 * (Move up / Move down, plain form posts that work without JavaScript), show or hide, and
 * delete them.
 */
import { Form, Link } from "react-router";
import { DeleteDialog } from "../../components/admin/content-list.tsx";
import { SafeImage } from "../../components/site/safe-image.tsx";
import { buttonClasses } from "../../components/ui/button.ts";
import { deleteGalleryImage, listGalleryForAdmin, moveGalleryImage, setGalleryImageVisible } from "../../domain/craft-fair-gallery/gallery.server.ts";
import { handleOrderedListAction } from "./ordered-list.server.ts";
import type { Route } from "./+types/craft-fair-gallery";
import type { MenuHandle } from "../../lib/admin-menu.ts";

export const handle: MenuHandle = { menu: { group: "Events", label: "Craft fair gallery", order: 40 } };

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

const small = "rounded-full border px-3 py-1 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-40";

export default function CraftFairGallery({ loaderData }: Route.ComponentProps) {
  const { causes } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-900">Craft fair gallery</h1>
          <p className="mt-1 text-slate-600">The images in the gallery on the Craft Fairs page (Past Fairs), in this order.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href="/craft-fairs?tab=past" className={buttonClasses("secondary", "sm")}>
            View on site
          </a>
          <Link to={`${LIST}/new`} className={buttonClasses("primary", "sm")}>
            Add an image
          </Link>
        </div>
      </div>

      {causes.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-lg font-semibold text-ink">No gallery images yet</h2>
          <p className="mt-1 text-slate-600">Add the first image. The Craft Fairs page leaves the gallery out until then.</p>
        </div>
      ) : (
        <ol className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Gallery images in page order">
          {causes.map((c, index) => (
            <li key={c.id} className="flex flex-wrap items-center gap-4 p-4" data-testid="admin-gallery-image" data-title={c.title}>
              <SafeImage src={c.image} alt="" width={96} height={60} sizes="96px" className="h-15 w-24 shrink-0 rounded-xl bg-brand-50 object-cover" />
              <div className="min-w-40 flex-1">
                <p className="font-semibold break-words text-ink">{c.title}</p>
                {c.decorative && <p className="text-sm text-slate-600">Marked decorative</p>}
                {!c.is_visible && <p className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Hidden</p>}
              </div>
              <div className="flex flex-wrap gap-2">
                <Form method="post" className="contents">
                  <input type="hidden" name="id" value={c.id} />
                  <button type="submit" name="intent" value="up" disabled={index === 0} aria-label={`Move ${c.title} up`} className={`${small} border-slate-300 text-slate-700 hover:bg-slate-100`}>
                    Move up
                  </button>
                  <button type="submit" name="intent" value="down" disabled={index === causes.length - 1} aria-label={`Move ${c.title} down`} className={`${small} border-slate-300 text-slate-700 hover:bg-slate-100`}>
                    Move down
                  </button>
                  <button type="submit" name="intent" value={c.is_visible ? "hide" : "show"} aria-label={`${c.is_visible ? "Hide" : "Show"} ${c.title}`} className={`${small} border-slate-300 text-slate-700 hover:bg-slate-100`}>
                    {c.is_visible ? "Hide" : "Show"}
                  </button>
                </Form>
                <Link to={`${LIST}/edit/${c.id}`} aria-label={`Edit ${c.title}`} className={`${small} border-brand-600 text-brand-700 hover:bg-brand-50`}>
                  Edit
                </Link>
                <Link to={`?delete=${c.id}`} preventScrollReset aria-label={`Delete ${c.title}`} className={`${small} border-red-700 text-red-800 hover:bg-red-50`}>
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ol>
      )}
      {loaderData.deleteCandidate && <DeleteDialog item={loaderData.deleteCandidate} noun="image" cancelTo={LIST} />}
    </main>
  );
}
