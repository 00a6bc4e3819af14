/** News: the public list and posts, and the staff screens (posts, preview, body images), under the admin layout (any staff member). */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  public: [route("news", "features/news/news-page.tsx"), route("news/:slug", "features/news/news-post-page.tsx")],
  staff: [
    route("news", "features/news/admin/news.tsx"),
    route("news/new", "features/news/admin/news-form.tsx", { id: "admin-news-new" }),
    route("news/edit/:id", "features/news/admin/news-form.tsx", { id: "admin-news-edit" }),
    route("news/preview/:id", "features/news/admin/news-preview.tsx"),
    route("news/images", "features/news/admin/news-image.ts"),
  ],
} satisfies FeatureRoutes;
