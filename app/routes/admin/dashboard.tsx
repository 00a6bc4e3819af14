import { Link } from "react-router";
import { currentStaff } from "../../auth/guards.server.ts";
import { ConnectionPanel } from "../../components/admin/connection-panel.tsx";
import { NewSubmissionsCard } from "../../components/admin/new-submissions-card.tsx";
import { LiveUpdates } from "../../components/site/live-updates.tsx";
import { getDashboardCounts } from "../../domain/dashboard/dashboard.server.ts";
import { countNewSubmissions } from "../../domain/submissions/inbox.server.ts";
import type { Route } from "./+types/dashboard";

export const meta = () => [{ title: "Dashboard | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const staff = currentStaff(args);
  const [counts, newSubmissions] = await Promise.all([
    getDashboardCounts(),
    staff.canSeeSubmissions ? countNewSubmissions() : null,
  ]);
  return { counts, newSubmissions };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  const cards = [
    { label: "Total events", value: counts.totalEvents, to: "/admin/events" },
    { label: "Active events", value: counts.activeEvents, to: "/admin/events?status=active" },
    { label: "Total craft fairs", value: counts.totalCraftFairs, to: "/admin/craft-fairs" },
    { label: "Active craft fairs", value: counts.activeCraftFairs, to: "/admin/craft-fairs?status=active" },
  ];
  return (
    <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <LiveUpdates topics={["events", "craft-fairs"]} />
      <h1 className="font-display text-3xl font-semibold text-brand-900">Dashboard</h1>
      <div className="mt-6">
        <ConnectionPanel />
      </div>
      <h2 className="sr-only">Figures</h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <li key={card.label}>
            <Link
              to={card.to}
              className="block rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-400"
              aria-label={`${card.label}: ${card.value}`}
            >
              <span className="block text-sm font-semibold text-slate-600">{card.label}</span>
              <span className="mt-1 block font-display text-4xl font-semibold text-brand-900" data-testid={card.label}>
                {card.value}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.newSubmissions !== null && <NewSubmissionsCard count={loaderData.newSubmissions} />}
      </div>
      <section aria-labelledby="quick-actions" className="mt-8">
        <h2 id="quick-actions" className="text-lg font-semibold text-ink">
          Quick actions
        </h2>
        <div className="mt-3 flex flex-wrap gap-3">
          <Link to="/admin/events/new" className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
            Create Event
          </Link>
          <Link to="/admin/craft-fairs/new" className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
            Create Craft Fair
          </Link>
        </div>
      </section>
    </main>
  );
}
