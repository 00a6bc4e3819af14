/** Failed mail (mails the queue gave up on: resend or discard), under the administrators' layout: app/routes.ts spreads it in. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  administrator: [route("failed-mail", "features/failed-mail/admin/failed-mail.tsx")],
} satisfies FeatureRoutes;
