/**
 * Users > Two-step sign-in: whether every staff member (editors too) must use two-step
 * sign-in. Administrators always must. Changing it needs re-authentication.
 */
import { Form, Link } from "react-router";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { setTwoFactorForEveryone } from "../two-factor-admin.server.ts";
import { getSiteSettings } from "../../settings/index.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import type { Route } from "./+types/users-security";

export const meta = () => [{ title: "Two-step sign-in for staff | Millbrook Admin" }];

export async function loader() {
  return { requireForEveryone: (await getSiteSettings()).require_two_factor };
}

export async function action(args: Route.ActionArgs) {
  const staff = currentStaff(args);
  const form = await args.request.formData();
  await requireRecentAuth(args, staff, form);
  const on = form.get("require") === "on";
  await setTwoFactorForEveryone(on, currentActor(args));
  return redirectWithToast("/admin/users/security", {
    type: "success",
    message: on ? "Every staff member must now use two-step sign-in." : "Two-step sign-in is now optional for editors.",
  });
}

export default function UsersSecurity({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-6 sm:px-6 lg:py-8">
      <p>
        <Link to="/admin/users" className="text-sm font-medium text-brand-700 underline underline-offset-2">Users</Link>
      </p>
      <h1 className="font-display text-3xl font-semibold text-brand-900">Two-step sign-in for staff</h1>
      <p className="text-slate-700">
        Administrators always sign in with a password and a code from an authenticator app. Editors may choose to, or you can
        require it for everyone: editors without it then set it up at their next sign-in.
      </p>
      <Form method="post" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <label className="flex items-center gap-3 font-medium">
          <input type="checkbox" name="require" defaultChecked={loaderData.requireForEveryone} className="size-5" />
          Require two-step sign-in for every staff member
        </label>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700">Save</button>
      </Form>
    </main>
  );
}
