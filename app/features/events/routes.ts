/** The events: the public list and event page, and the staff list and form, under the admin layout (any staff member). */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  public: [route("events", "features/events/events-page.tsx"), route("events/:id", "features/events/event-page.tsx")],
  staff: [
    route("events", "features/events/admin/events.tsx"),
    route("events/new", "features/events/admin/event-form.tsx", { id: "admin-event-new" }),
    route("events/edit/:id", "features/events/admin/event-form.tsx", { id: "admin-event-edit" }),
  ],
} satisfies FeatureRoutes;
