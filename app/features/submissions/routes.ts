/** The inbox of what the public sends (volunteer offers, stall applications, nominations): staff with the submissions permission. app/routes.ts puts the key under its layout. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  submissions: [
    route("inbox", "features/submissions/admin/inbox.tsx"),
    route("inbox/export.csv", "features/submissions/admin/inbox-export.ts"),
    route("inbox/:id", "features/submissions/admin/submission.tsx"),
    route("inbox/:id/files/:index", "features/submissions/admin/submission-file.ts"),
  ],
} satisfies FeatureRoutes;
