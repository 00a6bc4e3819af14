/**
 * Events: public reads (with the sample fallback) and, later, the admin rules.
 * "Upcoming" means active, not marked past and dated today or later; "past" means
 * active and either marked past or dated before today (the form no longer marks events
 * past: the date decides).
 */
import { and, asc, desc, eq, getTableColumns, gte, lt, or, sql } from "drizzle-orm";
import { sampleEvents } from "./sample-events.ts";
import { getDb } from "../../db/client.server.ts";
import { events, type EventRow } from "./table.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { withSampleFallback } from "../../content/sample-fallback.server.ts";
import { withImageDetails } from "../media/index.ts";

/**
 * With the image's alt text and focal point from the media library (withImageDetails);
 * in the lists, a series' next date carries its following dates (`later_dates`).
 */
export type PublicEvent = Omit<EventRow, "created_at" | "updated_at"> & { image_alt?: string; image_focal?: string; later_dates?: string[] | null };

// Everything but the timestamps: what the public pages show. An event is past when it is
// dated before today (or was marked past by hand before the flag was retired).
const { created_at: _c, updated_at: _u, ...tableColumns } = getTableColumns(events);
const publicColumns = { ...tableColumns, is_past: sql<boolean>`(${events.is_past} or ${events.date} < current_date)`.mapWith(Boolean) };

const today = sql`current_date`;
const upcomingWhere = and(eq(events.is_active, true), eq(events.is_past, false), gte(events.date, today));

/** How many following dates a series' card lists. */
const LATER_DATES_SHOWN = 3;
/**
 * A series shows once in the lists: only its next upcoming date, which carries the dates
 * after it. (Single events have no series.) Paging and counts use the same rule, so a
 * weekly series is one card, not 52.
 */
const nextOfItsSeries = sql`("events"."series_id" is null or not exists (
  select 1 from events e2 where e2.series_id = "events"."series_id" and e2.is_active and not e2.is_past and e2.date >= current_date
    and (e2.date, e2.time, e2.id) < ("events"."date", "events"."time", "events"."id")))`;
// In a select list Drizzle writes a column without its table: the outer row is named in full here.
const laterDates = sql<string[] | null>`case when "events"."series_id" is null then null else array(
  select e2.date::text from events e2 where e2.series_id = "events"."series_id" and e2.is_active and not e2.is_past and e2.date > "events"."date"
  order by e2.date, e2.time limit ${LATER_DATES_SHOWN + 1}) end`;
const listColumns = { ...publicColumns, later_dates: laterDates };
const pastWhere = and(eq(events.is_active, true), or(eq(events.is_past, true), lt(events.date, today)));

/**
 * Upcoming events, soonest first: all of them, or one category's; `limit` and `offset`
 * read one page (the events page shows a page at a time).
 */
export function listUpcomingEvents(options: { category?: string; limit?: number; offset?: number; everyDate?: boolean } = {}) {
  const { category, limit, offset = 0, everyDate = false } = options;
  return withSampleFallback<PublicEvent>(
    "upcoming events",
    () =>
      cachedRead("events", `upcoming:${category ?? "all"}:${limit ?? "all"}:${offset}:${everyDate ? "every" : "series"}`, async () => {
        const where = and(upcomingWhere, category ? eq(events.category, category) : undefined, everyDate ? undefined : nextOfItsSeries);
        const query = getDb().select(listColumns).from(events).where(where).orderBy(asc(events.date), asc(events.time), asc(events.id)).offset(offset);
        return withImageDetails(await (limit ? query.limit(limit) : query));
      }),
    () =>
      sampleEvents()
        .filter((e) => !e.is_past && (!category || e.category === category))
        .slice(offset, limit ? offset + limit : undefined),
  );
}

/** How many upcoming events each category has; a category without one is left out. */
export async function countUpcomingEvents(): Promise<Record<string, number>> {
  const { items } = await withSampleFallback(
    "upcoming event categories",
    () =>
      cachedRead("events", "upcoming-counts", () =>
        getDb()
          .select({ category: events.category, count: sql<number>`count(*)::int` })
          .from(events)
          .where(and(upcomingWhere, nextOfItsSeries))
          .groupBy(events.category),
      ),
    () => Object.entries(Object.groupBy(sampleEvents().filter((e) => !e.is_past), (e) => e.category)).map(([category, list]) => ({ category, count: list!.length })),
  );
  return Object.fromEntries(items.map((row) => [row.category, row.count]));
}

export function listPastEvents(options: { limit?: number } = {}) {
  return withSampleFallback<PublicEvent>(
    "past events",
    () =>
      cachedRead("events", `past:${options.limit ?? 3}`, () =>
        getDb().select(publicColumns).from(events).where(pastWhere).orderBy(desc(events.date)).limit(options.limit ?? 3).then(withImageDetails),
      ),
    () => sampleEvents().filter((e) => e.is_past).slice(0, options.limit ?? 3),
  );
}

/** An active event by id; null when unknown or inactive. Falls back to samples only if the read fails. */
export async function getPublicEvent(id: number): Promise<PublicEvent | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  try {
    const [row] = await cachedRead("events", `id:${id}`, () =>
      getDb()
        .select(publicColumns)
        .from(events)
        .where(and(eq(events.id, id), eq(events.is_active, true)))
        .limit(1)
        .then(withImageDetails),
      // Nothing is kept for an id that does not exist (any number can be asked for).
      (rows) => rows.length > 0,
    );
    return row ?? null;
  } catch {
    return sampleEvents().find((e) => e.id === id) ?? null;
  }
}
