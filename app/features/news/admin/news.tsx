/**
 * News: every post with its state (draft, scheduled, published), newest first. Staff
 * write, edit, preview and delete posts here.
 */
import { Link } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { DeleteDialog } from "../../../components/admin/kit/dialog.tsx";
import { SafeImage } from "../../../components/site/safe-image.tsx";
import { buttonClasses } from "../../../components/ui/button.ts";
import { deleteNewsPost, listNewsForAdmin } from "../news.server.ts";
import { newsState, type NewsState } from "../news.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import type { Route } from "./+types/news";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";
import { formatUk } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = contentMenu("news");

export const meta = () => [{ title: "News | Millbrook Admin" }];

const LIST = "/admin/news";

export async function loader({ request }: Route.LoaderArgs) {
  const posts = await listNewsForAdmin();
  const now = new Date();
  const deleteId = Number(new URL(request.url).searchParams.get("delete"));
  const candidate = posts.find((p) => p.id === deleteId);
  return {
    posts: posts.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      author: p.author,
      image: p.image,
      state: newsState(p, now),
      published_at: p.published_at?.toISOString() ?? null,
    })),
    deleteCandidate: candidate ? { id: candidate.id, title: candidate.title } : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = currentActor(args);
  const form = await args.request.formData();
  if (form.get("intent") !== "delete") return redirectWithToast(LIST, { type: "error", message: "Unknown action" });
  const deleted = await deleteNewsPost(Number(form.get("id")), actor);
  return deleted
    ? redirectWithToast(LIST, { type: "success", message: "News post deleted" })
    : redirectWithToast(LIST, { type: "error", message: "That news post could not be found" });
}

const STATE_LABEL: Record<NewsState, { text: string; className: string }> = {
  draft: { text: "Draft", className: "bg-slate-100 text-slate-800" },
  scheduled: { text: "Scheduled", className: "bg-sun-100 text-ink" },
  published: { text: "Published", className: "bg-brand-100 text-brand-900" },
};

const small = "rounded-full border px-3 py-1 text-sm font-semibold";

export default function NewsAdmin({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-900">News</h1>
          <p className="mt-1 text-slate-600">Stories and announcements on the News page, the home page and the news feed.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href="/news" className={buttonClasses("secondary", "sm")}>
            View on site
          </a>
          <Link to={`${LIST}/new`} className={buttonClasses("primary", "sm")}>
            Write a post
          </Link>
        </div>
      </div>

      {posts.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-lg font-semibold text-ink">No news posts yet</h2>
          <p className="mt-1 text-slate-600">Write the first one. The News page shows a short note until then, and the home page leaves its news section out.</p>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="News posts">
          {posts.map((p) => {
            const state = STATE_LABEL[p.state];
            return (
              <li key={p.id} className="flex flex-wrap items-center gap-4 p-4" data-testid="admin-news-post" data-title={p.title}>
                <SafeImage src={p.image} alt="" width={96} height={54} sizes="96px" className="aspect-[16/9] w-24 shrink-0 rounded-lg bg-brand-50 object-cover" />
                <div className="min-w-40 flex-1">
                  <p className="font-semibold break-words text-ink">{p.title}</p>
                  <p className="text-sm text-slate-600">
                    <span className={`mr-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${state.className}`}>{state.text}</span>
                    {p.author}
                    {p.published_at && p.state !== "draft" && <> · {p.state === "scheduled" ? "appears" : "published"} {formatUk(p.published_at, "date-time")}</>}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {p.state === "published" ? (
                    <a href={`/news/${p.slug}`} aria-label={`View ${p.title} on the site`} className={`${small} border-slate-300 text-slate-700 hover:bg-slate-100`}>
                      View
                    </a>
                  ) : (
                    <Link to={`${LIST}/preview/${p.id}`} aria-label={`Preview ${p.title}`} className={`${small} border-slate-300 text-slate-700 hover:bg-slate-100`}>
                      Preview
                    </Link>
                  )}
                  <Link to={`${LIST}/edit/${p.id}`} aria-label={`Edit ${p.title}`} className={`${small} border-brand-600 text-brand-700 hover:bg-brand-50`}>
                    Edit
                  </Link>
                  <Link to={`?delete=${p.id}`} preventScrollReset aria-label={`Delete ${p.title}`} className={`${small} border-red-700 text-red-800 hover:bg-red-50`}>
                    Delete
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {loaderData.deleteCandidate && <DeleteDialog item={loaderData.deleteCandidate} noun="news post" cancelTo={LIST} />}
    </main>
  );
}
