import { Link } from "react-router";
import { listUpcomingEvents } from "../../domain/events.server.ts";
import { getSiteSettings } from "../../domain/settings.server.ts";
import type { Route } from "./+types/home";

export async function loader() {
  const settings = await getSiteSettings();
  const upcoming = await listUpcomingEvents({ limit: 3, showSampleWhenEmpty: settings.show_sample_content });
  return { heroTitle: settings.hero_title, heroSubtitle: settings.hero_subtitle, events: upcoming.items };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.heroTitle ?? "Millbrook Community Foundation" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="font-display text-4xl font-semibold">{loaderData.heroTitle}</h1>
      <p className="mt-2 text-lg">{loaderData.heroSubtitle}</p>
      <h2 className="mt-10 text-2xl font-semibold">Upcoming events</h2>
      <ul className="mt-4 space-y-2">
        {loaderData.events.map((event) => (
          <li key={event.id}>
            <Link to={`/events/${event.id}`} className="underline">
              {event.title}
            </Link>{" "}
            · {event.date}
          </li>
        ))}
      </ul>
    </main>
  );
}
