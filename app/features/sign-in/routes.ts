/**
 * The staff sign-in flows' screens: app/routes.ts spreads them in. `unguarded` screens sit
 * under /admin outside the staff layout (no session is checked: sign-in, its second step,
 * one-time links, sign-out); `staff` ones under the admin layout (any staff member).
 */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  unguarded: [
    route("setup/:token", "features/sign-in/admin/setup.tsx"),
    route("login", "features/sign-in/admin/login.tsx"),
    // Second sign-in step for pending sessions (they check the pending session themselves).
    route("login/verify", "features/sign-in/admin/login-verify.tsx"),
    route("login/enrol", "features/sign-in/admin/login-enrol.tsx"),
    // Passkey options (WebAuthn challenges) for sign-in and its second step (no full session yet).
    route("login/passkey", "features/sign-in/admin/login-passkey.ts"),
    route("logout", "features/sign-in/admin/logout.tsx"),
    route("set-password/:token", "features/sign-in/admin/set-password.tsx"),
    route("enrol/:token", "features/sign-in/admin/enrol-link.tsx"),
    route("forgot-password", "features/sign-in/admin/forgot-password.tsx"),
  ],
  staff: [
    route("reauth", "features/sign-in/admin/reauth.tsx"),
    route("account", "features/sign-in/admin/account.tsx"),
    route("account/two-factor", "features/sign-in/admin/account-two-factor.tsx"),
    route("account/passkeys", "features/sign-in/admin/account-passkeys.tsx"),
    route("passkey-options", "features/sign-in/admin/passkey-options.ts"),
  ],
} satisfies FeatureRoutes;
