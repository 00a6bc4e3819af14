import { allows } from "../../auth/access.ts";
import { Link } from "react-router";
import { currentStaff } from "../../auth/guards.server.ts";
import { ConnectionPanel } from "../../components/admin/connection-panel.tsx";
import { NewSubmissionsCard } from "../../components/admin/new-submissions-card.tsx";
import { LiveUpdates } from "../../components/site/live-updates.tsx";
import { formatShortDate, formatTime } from "../../components/site/format.ts";
import { DoorEvents } from "../../features/bookings/admin/door-events.tsx";
import { doorEvents, upcomingEventSales } from "../../features/bookings/index.ts";
import { getDashboardCounts } from "../../domain/dashboard/dashboard.server.ts";
import { countNewSubmissions } from "../../features/submissions/index.ts";
import { getSiteSettings } from "../../features/settings/index.ts";
import { countOverdueComplaints, countOverdueRequests } from "../../features/data-protection/index.ts";
import { mailConfigured } from "../../mail/mailer.server.ts";
import type { Route } from "./+types/dashboard";
import type { MenuHandle } from "../../lib/admin-menu.ts";
import { ukDate } from "../../lib/uk-time.ts";

export const handle: MenuHandle = { menu: { group: null, label: "Dashboard", order: 10 } };

export const meta = () => [{ title: "Dashboard | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const staff = currentStaff(args);
  const dataProtection = allows(staff, "data-protection");
  const [counts, newSubmissions, settings, sales, today, overdueComplaints, overdueRequests] = await Promise.all([
    getDashboardCounts(),
    allows(staff, "submissions") ? countNewSubmissions() : null,
    getSiteSettings(args.context),
    upcomingEventSales({ limit: 6 }),
    allows(staff, "check-in") ? doorEvents(ukDate()) : null,
    dataProtection ? countOverdueComplaints() : 0,
    dataProtection ? countOverdueRequests() : 0,
  ]);
  return {
    // Today's events with their door check-in, for the staff allowed to check people in.
    today: today?.map((e) => ({ id: e.id, title: e.title, when: formatTime(e.time), tickets: e.tickets, arrived: e.arrived })) ?? null,
    counts,
    newSubmissions,
    maintenanceMode: settings.maintenance_mode,
    mailConfigured: mailConfigured(),
    canEditSettings: staff.role === "administrator",
    // Ticket figures are for every member of staff; the bookings behind them (names) are not.
    sales: sales.map((s) => ({ ...s, when: `${formatShortDate(s.date)}, ${formatTime(s.time)}` })),
    canSeeBookings: allows(staff, "submissions"),
    // Only for the staff who handle data protection (the counts say nothing personal, but the links lead there).
    overdue: dataProtection ? { complaints: overdueComplaints, requests: overdueRequests } : null,
  };
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
      {loaderData.maintenanceMode && (
        <div role="status" className="mt-4 rounded-2xl border-2 border-sun-500 bg-sun-100 px-4 py-3 text-ink" data-testid="maintenance-notice">
          <p className="font-semibold">Maintenance mode is on: visitors see the maintenance page, not the website.</p>
          <p className="mt-1 text-sm">
            {loaderData.canEditSettings ? (
              <Link to="/admin/settings" className="font-semibold underline">
                Turn it off in Settings
              </Link>
            ) : (
              "An administrator can turn it off in Settings."
            )}
          </p>
        </div>
      )}
      {loaderData.today && loaderData.today.length > 0 && (
        <section aria-labelledby="todays-events" className="mt-6">
          <h2 id="todays-events" className="text-lg font-semibold text-ink">
            Today&apos;s events
          </h2>
          <DoorEvents events={loaderData.today} />
        </section>
      )}
      {loaderData.overdue && loaderData.overdue.complaints + loaderData.overdue.requests > 0 && (
        <div role="status" className="mt-4 rounded-2xl border-2 border-red-700 bg-red-50 px-4 py-3 text-red-950" data-testid="overdue-data-protection">
          <p className="font-semibold">Data protection deadlines have passed:</p>
          <ul className="mt-1 list-inside list-disc text-sm">
            {loaderData.overdue.complaints > 0 && (
              <li>
                <Link to="/admin/data-protection/complaints" className="font-semibold underline">
                  {loaderData.overdue.complaints === 1 ? "1 complaint" : `${loaderData.overdue.complaints} complaints`} overdue
                </Link>
              </li>
            )}
            {loaderData.overdue.requests > 0 && (
              <li>
                <Link to="/admin/data-protection/requests" className="font-semibold underline">
                  {loaderData.overdue.requests === 1 ? "1 request" : `${loaderData.overdue.requests} requests`} about a person's data overdue
                </Link>
              </li>
            )}
          </ul>
        </div>
      )}
      {!loaderData.mailConfigured && (
        <div role="status" className="mt-4 rounded-2xl border-2 border-sun-500 bg-sun-100 px-4 py-3 text-ink" data-testid="mail-notice">
          <p className="font-semibold">The website cannot send email: no mail server is set up.</p>
          <p className="mt-1 text-sm">
            Visitors get no booking confirmations or donation receipts by email (their pages tell them to keep the page instead), staff get no
            notices of new forms, and sign-in links show on screen only.{" "}
            {loaderData.canEditSettings
              ? "To send email, set SMTP_URL and MAIL_FROM on the server (see the README) and restart it."
              : "Please ask an administrator to set up email."}
          </p>
        </div>
      )}
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
      <section aria-labelledby="ticket-sales" className="mt-8">
        <h2 id="ticket-sales" className="text-lg font-semibold text-ink">
          Bookings for upcoming events
        </h2>
        {loaderData.sales.length === 0 ? (
          <p className="mt-2 text-slate-600">No upcoming event takes bookings online.</p>
        ) : (
          <div className="relative mt-3 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <table className="w-full text-left text-sm" data-testid="ticket-sales">
              <caption className="sr-only">Tickets sold and left for upcoming events</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">Event</th>
                  <th scope="col" className="px-3 py-2">Date</th>
                  <th scope="col" className="px-3 py-2 text-right">Sold</th>
                  <th scope="col" className="px-3 py-2 text-right">Left</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {loaderData.sales.map((s) => (
                  <tr key={s.id}>
                    <td className="px-3 py-2 font-semibold text-ink">
                      {loaderData.canSeeBookings ? (
                        <Link to={`/admin/events/${s.id}/bookings`} className="text-brand-700 underline">
                          {s.title}
                        </Link>
                      ) : (
                        s.title
                      )}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{s.when}</td>
                    <td className="px-3 py-2 text-right">{s.sold}</td>
                    <td className="px-3 py-2 text-right">{s.left === null ? "No limit" : s.left}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
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
          {loaderData.canEditSettings && (
            <Link to="/admin/settings#maintenance" className="rounded-full border-2 border-brand-600 bg-white px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50">
              {loaderData.maintenanceMode ? "Maintenance mode: on" : "Maintenance mode: off"}
            </Link>
          )}
        </div>
      </section>
    </main>
  );
}
