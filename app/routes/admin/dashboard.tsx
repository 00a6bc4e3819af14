import { requireStaff } from "../../auth/guards.server.ts";
import { NewSubmissionsCard } from "../../components/admin/new-submissions-card.tsx";
import { countNewSubmissions } from "../../domain/inbox.server.ts";
import type { Route } from "./+types/dashboard";

// Placeholder: the real dashboard is built in its own issue.
export const meta = () => [{ title: "Dashboard | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "editor");
  return { email: staff.user.email, newSubmissions: await countNewSubmissions() };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <main className="px-6 py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Dashboard</h1>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <NewSubmissionsCard count={loaderData.newSubmissions} />
      </div>
    </main>
  );
}
