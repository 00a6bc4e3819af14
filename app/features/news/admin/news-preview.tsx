/**
 * A post as the public page would show it, in any state (draft, scheduled): for staff
 * only, as it sits behind the admin layout. Never cached (the admin area is not).
 */
import { Link } from "react-router";
import { NewsArticleView } from "../news-article.tsx";
import { previewArticle } from "../news.server.ts";
import { newsState } from "../news.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import type { Route } from "./+types/news-preview";

export const meta = () => [{ title: "Preview | Millbrook Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ params }: Route.LoaderArgs) {
  const post = /^\d{1,10}$/.test(params.id) ? await previewArticle(Number(params.id)) : null;
  if (!post) throw await redirectWithToast("/admin/news", { type: "error", message: "That news post could not be found. It may have been removed." });
  return { post: { ...post, published_at: post.published?.toISOString() ?? new Date().toISOString() }, id: Number(params.id), state: newsState({ status: post.status, published_at: post.published }) };
}

const STATE_TEXT = {
  draft: "This is a draft: visitors cannot see it.",
  scheduled: "This post is scheduled: visitors will see it from its publish time.",
  published: "This post is published: visitors can see it.",
};

export default function NewsPreview({ loaderData }: Route.ComponentProps) {
  const { post, id, state } = loaderData;
  return (
    <main className="bg-white">
      <NewsArticleView
        post={post}
        banner={
          <div role="status" className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-sun-500 bg-sun-100 p-4 text-sm text-ink" data-testid="preview-banner">
            <p className="flex-1 font-semibold">Preview. {STATE_TEXT[state]}</p>
            <Link to={`/admin/news/edit/${id}`} className="rounded-full bg-brand-600 px-4 py-1.5 font-semibold text-white hover:bg-brand-700">
              Edit post
            </Link>
          </div>
        }
      />
    </main>
  );
}
