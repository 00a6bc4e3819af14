/** What the rest of the site uses of events on the server: the public lists and one event (home page, sitemap, calendar file), one event for staff screens, the dashboard's count, and the iCalendar writer (booking mails, volunteer shifts). The event card is in ui.ts. */
export { getPublicEvent, listPastEvents, listUpcomingEvents } from "./events.server.ts";
export { countEvents, getEventForAdmin } from "./events-admin.server.ts";
export { eventToIcs, foldLine, icsEscape } from "./calendar.ts";
