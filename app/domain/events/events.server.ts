/**
 * Events: public reads (with the sample fallback) and, later, the admin rules.
 * "Upcoming" means active, not marked past and dated today or later; "past" means
 * active and either marked past or dated before today (the form no longer marks events
 * past: the date decides).
 */
import { and, asc, desc, eq, getTableColumns, gte, lt, or, sql } from "drizzle-orm";
import { sampleEvents } from "../../content/sample-content.ts";
import { getDb } from "../../db/client.server.ts";
import { events, type EventRow } from "../../db/schema.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { withSampleFallback } from "../../content/sample-fallback.server.ts";
import { withImageDetails } from "../media/media.server.ts";

/** With the image's alt text and focal point from the media library (withImageDetails). */
export type PublicEvent = Omit<EventRow, "created_at" | "updated_at"> & { image_alt?: string; image_focal?: string };

// Everything but the timestamps: what the public pages show. An event is past when it is
// dated before today (or was marked past by hand before the flag was retired).
const { created_at: _c, updated_at: _u, ...tableColumns } = getTableColumns(events);
const publicColumns = { ...tableColumns, is_past: sql<boolean>`(${events.is_past} or ${events.date} < current_date)`.mapWith(Boolean) };

const today = sql`current_date`;
const upcomingWhere = and(eq(events.is_active, true), eq(events.is_past, false), gte(events.date, today));
const pastWhere = and(eq(events.is_active, true), or(eq(events.is_past, true), lt(events.date, today)));

/**
 * Upcoming events, soonest first: all of them, or one category's; `limit` and `offset`
 * read one page (the events page shows a page at a time).
 */
export function listUpcomingEvents(options: { category?: string; limit?: number; offset?: number } = {}) {
  const { category, limit, offset = 0 } = options;
  return withSampleFallback<PublicEvent>(
    "upcoming events",
    () =>
      cachedRead("events", `upcoming:${category ?? "all"}:${limit ?? "all"}:${offset}`, async () => {
        const where = category ? and(upcomingWhere, eq(events.category, category)) : upcomingWhere;
        const query = getDb().select(publicColumns).from(events).where(where).orderBy(asc(events.date), asc(events.time), asc(events.id)).offset(offset);
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
          .where(upcomingWhere)
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
