/** Events with their door check-in: the Today's events screen and the dashboard show the same list. */
import { Link } from "react-router";

export interface DoorEventItem {
  id: number;
  title: string;
  /** "Sat 14 Jun, 7:30pm" or "7:30pm" for today. */
  when: string;
  tickets: number;
  arrived: number;
}

const tickets = (n: number) => (n === 1 ? "1 ticket" : `${n} tickets`);

export function DoorEvents({ events }: { events: DoorEventItem[] }) {
  return (
    <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="door-events">
      {events.map((event) => (
        <li key={event.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <div className="min-w-0">
            <p className="font-semibold break-words text-ink">{event.title}</p>
            <p className="text-sm text-slate-600">
              {event.when} · {event.arrived} of {tickets(event.tickets)} arrived
            </p>
          </div>
          <Link
            to={`/admin/events/${event.id}/check-in`}
            className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
            aria-label={`Check in at ${event.title}`}
          >
            Check in
          </Link>
        </li>
      ))}
    </ul>
  );
}
