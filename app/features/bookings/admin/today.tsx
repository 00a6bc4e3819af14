/**
 * Today's events: where door check-in starts. The events that take bookings today, each
 * with its arrivals and a way into its check-in; on a day without one, the next few, so a
 * volunteer can look ahead.
 */
import { formatShortDate, formatTime } from "../../../components/site/format.ts";
import { DoorEvents } from "./door-events.tsx";
import { doorEvents } from "../bookings-admin.server.ts";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import type { Route } from "./+types/today";
import { ukDate } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = { menu: { group: "What's on", label: "Door check-in", order: 20 } };

export const meta = () => [{ title: "Today's events | Millbrook Admin" }];

export async function loader() {
  const today = ukDate();
  const todays = await doorEvents(today);
  const next = todays.length === 0 ? await doorEvents(today, { following: 5 }) : [];
  return {
    today: todays.map((e) => ({ id: e.id, title: e.title, when: formatTime(e.time), tickets: e.tickets, arrived: e.arrived })),
    next: next.map((e) => ({ id: e.id, title: e.title, when: `${formatShortDate(e.date)}, ${formatTime(e.time)}`, tickets: e.tickets, arrived: e.arrived })),
  };
}

export default function TodaysEvents({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Today&apos;s events</h1>
      <p className="mt-1 text-slate-600">Choose an event to check people in at the door.</p>
      {loaderData.today.length > 0 ? (
        <DoorEvents events={loaderData.today} />
      ) : (
        <>
          <p className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-slate-700">No event takes bookings today.</p>
          {loaderData.next.length > 0 && (
            <section aria-labelledby="coming-up" className="mt-8">
              <h2 id="coming-up" className="text-lg font-semibold text-ink">
                Coming up
              </h2>
              <DoorEvents events={loaderData.next} />
            </section>
          )}
        </>
      )}
    </main>
  );
}
