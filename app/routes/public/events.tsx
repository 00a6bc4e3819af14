import { useLocation } from "react-router";
import { CATEGORY_LABELS, EventCard, eventCardData } from "../../components/site/event-card.tsx";
import { MailIcon } from "../../components/site/icons.tsx";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { activeTab, skipRevalidationOnTabChange, Tabs } from "../../components/ui/tabs.tsx";
import { getContactDetails } from "../../domain/contact/contact.server.ts";
import { EVENT_CATEGORIES } from "../../domain/events/event-categories.ts";
import { listPastEvents, listUpcomingEvents } from "../../domain/events/events.server.ts";
import { getPageTexts } from "../../domain/page-texts/page-texts.server.ts";
import type { Route } from "./+types/events";
import type { ContentHandle } from "../../live/topics.ts";

/** The category tabs always offered; every other category gets a tab while it has an upcoming event. */
export const EVENT_TABS = ["all", "fundraiser", "social", "community", "family"] as const;

/** What this page shows: a change to it refreshes the page (app/live/topics.ts). */
export const handle: ContentHandle = { topics: ["events", "contact", "page-texts"] };

/**
 * The tabs to show: "all", the fixed ones, then (in the categories' own order) each other
 * category that has an upcoming event or that the address asks for, so a shared link to a
 * category that has just emptied still opens its tab.
 */
function eventTabs(upcomingCategories: readonly string[], requested: string | null): string[] {
  const fixed: readonly string[] = EVENT_TABS;
  const extra = EVENT_CATEGORIES.filter((c) => !fixed.includes(c) && (upcomingCategories.includes(c) || c === requested));
  return [...EVENT_TABS, ...extra];
}

export async function loader() {
  const [upcoming, past, contact, texts] = await Promise.all([
    listUpcomingEvents(),
    listPastEvents({ limit: 3 }),
    getContactDetails(),
    getPageTexts("events"),
  ]);
  return { upcoming: upcoming.items.map(eventCardData), past: past.items.map(eventCardData), hostEmail: contact.events_email, texts };
}

export const shouldRevalidate = skipRevalidationOnTabChange;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Events",
    description:
      "Gala dinners, quiz nights, summer fairs and family days: upcoming Millbrook Community Foundation events, and how to get tickets.",
    path: "/events",
    ...siteFrom(matches),
  });

export default function Events({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const requested = new URLSearchParams(location.search).get("tab");
  const tabs = eventTabs(
    loaderData.upcoming.map((e) => e.category),
    requested,
  );
  const tab = activeTab(`http://x${location.pathname}${location.search}`, tabs);
  const shown = tab === "all" ? loaderData.upcoming : loaderData.upcoming.filter((e) => e.category === tab);
  const { texts } = loaderData;
  const hostMail = `mailto:${loaderData.hostEmail}?subject=${encodeURIComponent("Hosting an event for the Foundation")}`;

  return (
    <>
      <PageHero
        image="/images/events/summer-fair.svg"
        eyebrow={texts.hero_eyebrow}
        title={texts.hero_title}
        intro={texts.hero_intro}
      />
      <Section tone="white" id="upcoming" eyebrow={texts.upcoming_eyebrow} title={texts.upcoming_title}>
        <Tabs
          idBase="event-categories"
          label="Event categories"
          active={tab}
          tabs={tabs.map((id) => ({ id, label: id === "all" ? "All events" : CATEGORY_LABELS[id] }))}
        >
          {shown.length > 0 ? (
            <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {shown.map((event, index) => (
                <EventCard key={event.id} event={event} firstScreen={index === 0} />
              ))}
            </div>
          ) : (
            <p className="rounded-3xl bg-brand-50 p-8 text-center text-lg text-slate-700">{texts.upcoming_empty}</p>
          )}
        </Tabs>
      </Section>

      {loaderData.past.length > 0 ? (
        <Section tone="cream" id="past" eyebrow={texts.past_eyebrow} title={texts.past_title} intro={texts.past_intro}>
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {loaderData.past.map((event) => (
              <EventCard key={event.id} event={event} past />
            ))}
          </div>
        </Section>
      ) : null}

      <Section tone="green" title={texts.host_title}>
        <p className="max-w-3xl text-lg text-slate-700">{texts.host_text}</p>
        <a href={hostMail} className={buttonClasses("primary", "lg", "mt-6")}>
          <MailIcon />
          {texts.host_button}
        </a>
      </Section>
    </>
  );
}
