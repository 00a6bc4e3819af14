import { requireStaff } from "../../auth/guards.server.ts";
import type { Route } from "./+types/dashboard";

// Placeholder: the real dashboard is built in its own issue.
export const meta = () => [{ title: "Dashboard | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "editor");
  return { email: staff.user.email };
}

export default function Dashboard() {
  return (
    <main className="px-6 py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Dashboard</h1>
    </main>
  );
}
