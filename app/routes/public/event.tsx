import { data, Link } from "react-router";
import { getPublicEvent } from "../../domain/events.server.ts";
import type { Route } from "./+types/event";

export async function loader({ params }: Route.LoaderArgs) {
  const event = /^\d+$/.test(params.id) ? await getPublicEvent(Number(params.id)) : null;
  if (!event) throw data(null, { status: 404 });
  return { event };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.event.title} | Millbrook Community Foundation` : "Event Not Found" },
];

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event } = loaderData;
  return (
    <main className="mx-auto max-w-4xl px-4 py-12">
      <Link to="/events">Back to events</Link>
      <h1 className="mt-4 font-display text-4xl font-semibold">{event.title}</h1>
      <p>
        {event.date} at {event.time} · {event.location}
      </p>
      <p>Tickets: £{event.ticket_price}</p>
      {(event.long_description ?? event.description).split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className="mt-4">
          {paragraph}
        </p>
      ))}
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-semibold">Event Not Found</h1>
      <p className="mt-3">The event you're looking for doesn't exist or has been removed.</p>
      <Link to="/events" className="mt-6 inline-block underline">
        Back to Events
      </Link>
    </main>
  );
}
