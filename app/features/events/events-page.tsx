import type { QueryHandle } from "../../lib/page-query.ts";
import { useLocation, useNavigation } from "react-router";
import { CATEGORY_LABELS, EventCard, eventCardData } from "./event-card.tsx";
import { MailIcon } from "../../components/site/icons.tsx";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { Pager } from "../../components/site/pager.tsx";
import { activeTab, Tabs } from "../../components/ui/tabs.tsx";
import { getContactDetails } from "../../features/contact/index.ts";
import { EVENT_CATEGORIES } from "./event-categories.ts";
import { countUpcomingEvents, listPastEvents, listUpcomingEvents } from "./events.server.ts";
import { fillIn, getPageTexts } from "../../features/page-texts/index.ts";
import type { Route } from "./+types/events-page";

/** The category tabs always offered; every other category gets a tab while it has an upcoming event. */
export const EVENT_TABS = ["all", "fundraiser", "social", "community", "family"] as const;

export const handle: QueryHandle = { query: ["tab", "page"] };

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

/** Upcoming events a page: four rows of the three-column grid, six of two. */
const EVENTS_PER_PAGE = 12;

/** The address of one page of one tab; it opens at the list. */
function pageHref(tab: string, page: number): string {
  const query = new URLSearchParams({ tab, ...(page > 1 ? { page: String(page) } : {}) });
  return `?${query.toString()}#upcoming`;
}

/**
 * The tab (?tab=) and page (?page=) are read here: the server sends only the events of
 * that page, so a tab switch or a page link loads its data (the default revalidation).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const counts = await countUpcomingEvents();
  const tabs = eventTabs(Object.keys(counts), url.searchParams.get("tab"));
  const tab = activeTab(url, tabs);
  const total = tab === "all" ? Object.values(counts).reduce((a, b) => a + b, 0) : (counts[tab] ?? 0);
  const pages = Math.max(1, Math.ceil(total / EVENTS_PER_PAGE));
  const asked = Number(url.searchParams.get("page"));
  const page = Number.isInteger(asked) && asked > 1 ? Math.min(asked, pages) : 1;
  const [upcoming, past, contact, texts] = await Promise.all([
    listUpcomingEvents({ category: tab === "all" ? undefined : tab, limit: EVENTS_PER_PAGE, offset: (page - 1) * EVENTS_PER_PAGE }),
    listPastEvents({ limit: 3 }),
    getContactDetails(),
    getPageTexts("events"),
  ]);
  return {
    tabs,
    tab,
    page,
    pages,
    pageStatus: fillIn(texts.paging_status, { page: String(page), pages: String(pages) }),
    upcoming: upcoming.items.map(eventCardData),
    past: past.items.map(eventCardData),
    hostEmail: contact.events_email,
    texts,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Events",
    description:
      "Gala dinners, quiz nights, summer fairs and family days: upcoming Millbrook Community Foundation events, and how to get tickets.",
    path: "/events",
    ...siteFrom(matches),
  });

export default function Events({ loaderData }: Route.ComponentProps) {
  const { tabs, tab, page, pages, texts } = loaderData;
  // While a tab's events load, its tab shows as chosen already.
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const active = loading ? activeTab(`http://x${navigation.location.search}`, tabs) : tab;
  const shown = loaderData.upcoming;
  const hostMail = `mailto:${loaderData.hostEmail}?subject=${encodeURIComponent("Hosting an event for the Foundation")}`;

  return (
    <>
      {/* A short hero: the first event is on the first screen, on a phone as on a wide screen. */}
      <PageHero compact eyebrow={texts.hero_eyebrow} title={texts.hero_title} intro={texts.hero_intro} />
      <Section tone="white" id="upcoming" eyebrow={texts.upcoming_eyebrow} title={texts.upcoming_title} compact>
        <Tabs
          idBase="event-categories"
          label="Event categories"
          active={active}
          tabs={tabs.map((id) => ({ id, label: id === "all" ? "All events" : CATEGORY_LABELS[id] }))}
        >
          {shown.length > 0 ? (
            <div className={loading ? "opacity-60 transition-opacity" : undefined} aria-busy={loading}>
              <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {shown.map((event, index) => (
                  <EventCard key={event.id} event={event} firstScreen={index === 0} />
                ))}
              </div>
              <Pager
                page={page}
                pages={pages}
                href={(n) => pageHref(tab, n)}
                label="Pages of upcoming events"
                previous={texts.paging_previous}
                next={texts.paging_next}
                status={loaderData.pageStatus}
              />
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
