/**
 * Trustees: the board shown on /trustees. Staff add, edit, reorder (Move up / Move down,
 * plain form posts that work without JavaScript), show or hide, and delete them.
 */
import { Form, Link } from "react-router";
import { DeleteDialog } from "../../components/admin/content-list.tsx";
import { SafeImage } from "../../components/site/safe-image.tsx";
import { buttonClasses } from "../../components/ui/button.ts";
import { deleteTrustee, listTrusteesForAdmin, moveTrustee, setTrusteeVisible } from "../../domain/trustees/trustees.server.ts";
import { handleOrderedListAction } from "./ordered-list.server.ts";
import type { Route } from "./+types/trustees";
import type { MenuHandle } from "../../lib/admin-menu.ts";

export const handle: MenuHandle = { menu: { group: "Website", label: "Trustees", order: 60 } };

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

const small = "rounded-full border px-3 py-1 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-40";

export default function Trustees({ loaderData }: Route.ComponentProps) {
  const { trustees } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-900">Trustees</h1>
          <p className="mt-1 text-slate-600">The board shown on the Trustees page, in this order.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href="/trustees" className={buttonClasses("secondary", "sm")}>
            View on site
          </a>
          <Link to={`${LIST}/new`} className={buttonClasses("primary", "sm")}>
            Add a trustee
          </Link>
        </div>
      </div>

      {trustees.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-lg font-semibold text-ink">No trustees yet</h2>
          <p className="mt-1 text-slate-600">Add the first member of the board. The Trustees page shows a short note until then.</p>
        </div>
      ) : (
        <ol className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Trustees in page order">
          {trustees.map((t, index) => (
            <li key={t.id} className="flex flex-wrap items-center gap-4 p-4" data-testid="admin-trustee" data-name={t.name}>
              <SafeImage src={t.image} alt="" width={64} height={64} sizes="64px" className="size-16 shrink-0 rounded-xl bg-brand-50 object-cover" />
              <div className="min-w-40 flex-1">
                <p className="font-semibold break-words text-ink">{t.name}</p>
                <p className="text-sm text-slate-600">{t.role}</p>
                {!t.is_visible && <p className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Hidden</p>}
                {t.image && !t.image_alt && <p className="mt-1 text-xs text-slate-600">Photo marked decorative</p>}
              </div>
              <div className="flex flex-wrap gap-2">
                <Form method="post" className="contents">
                  <input type="hidden" name="id" value={t.id} />
                  <button type="submit" name="intent" value="up" disabled={index === 0} aria-label={`Move ${t.name} up`} className={`${small} border-slate-300 text-slate-700 hover:bg-slate-100`}>
                    Move up
                  </button>
                  <button type="submit" name="intent" value="down" disabled={index === trustees.length - 1} aria-label={`Move ${t.name} down`} className={`${small} border-slate-300 text-slate-700 hover:bg-slate-100`}>
                    Move down
                  </button>
                  <button type="submit" name="intent" value={t.is_visible ? "hide" : "show"} aria-label={`${t.is_visible ? "Hide" : "Show"} ${t.name}`} className={`${small} border-slate-300 text-slate-700 hover:bg-slate-100`}>
                    {t.is_visible ? "Hide" : "Show"}
                  </button>
                </Form>
                <Link to={`${LIST}/edit/${t.id}`} aria-label={`Edit ${t.name}`} className={`${small} border-brand-600 text-brand-700 hover:bg-brand-50`}>
                  Edit
                </Link>
                <Link to={`?delete=${t.id}`} preventScrollReset aria-label={`Delete ${t.name}`} className={`${small} border-red-700 text-red-800 hover:bg-red-50`}>
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ol>
      )}
      {loaderData.deleteCandidate && <DeleteDialog item={loaderData.deleteCandidate} noun="trustee" cancelTo={LIST} />}
    </main>
  );
}
