/**
 * The bookings' public page (a booking's own link) and staff screens: the door check-in
 * (`check-in`) and an event's bookings with their CSV (`submissions`). app/routes.ts puts
 * each key under its layout.
 */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  public: [route("bookings/:reference/:token", "features/bookings/booking-page.tsx")],
  submissions: [
    route("events/:id/bookings", "features/bookings/admin/event-bookings.tsx"),
    route("events/:id/bookings/export.csv", "features/bookings/admin/event-bookings-export.ts"),
  ],
  "check-in": [
    route("check-in", "features/bookings/admin/today.tsx"),
    route("events/:id/check-in", "features/bookings/admin/check-in.tsx"),
  ],
} satisfies FeatureRoutes;
