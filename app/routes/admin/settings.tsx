import { requireStaff } from "../../auth/guards.server.ts";
import type { Route } from "./+types/settings";

// Placeholder: the Settings screen is built in its own issue. Administrators only.
export const meta = () => [{ title: "Settings | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "administrator");
  return null;
}

export async function action(args: Route.ActionArgs) {
  await requireStaff(args, "administrator");
  return null;
}

export default function Settings() {
  return (
    <main className="px-6 py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Settings</h1>
    </main>
  );
}
