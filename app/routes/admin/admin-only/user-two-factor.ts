/**
 * POST /admin/users/:id/two-factor: an administrator resets another staff member's
 * lost second factor (re-authentication required). Administrators only.
 */
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { resetSecondFactor, TwoFactorResetError } from "../../../auth/two-factor-admin.server.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { accountsPath, parseAccountFilters } from "../../../domain/staff/account-filters.ts";
import type { Route } from "./+types/user-two-factor";

/** Back to the Users screen, on the page of the list the form was sent from. */
const usersList = (request: Request) => accountsPath(parseAccountFilters(new URL(request.url).searchParams));

export async function loader({ request }: Route.LoaderArgs) {
  return redirectWithToast(usersList(request), { type: "info", message: "Use the Users screen to reset two-step sign-in." });
}

export async function action(args: Route.ActionArgs) {
  const staff = currentStaff(args);
  await requireRecentAuth(args, staff);
  const userId = args.params.id;
  const back = usersList(args.request);
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return redirectWithToast(back, { type: "error", message: "Error: No such account" });
  try {
    const { email } = await resetSecondFactor(userId, currentActor(args), "administrator");
    return redirectWithToast(back, { type: "success", message: `Two-step sign-in reset for ${email}. They set it up again at their next sign-in.` });
  } catch (error) {
    if (error instanceof TwoFactorResetError) return redirectWithToast(back, { type: "error", message: `Error: ${error.message}` });
    throw error;
  }
}
