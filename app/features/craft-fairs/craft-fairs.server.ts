/**
 * Craft fairs: public reads with the sample fallback. "Upcoming" means active, not
 * marked past and dated today or later (date ascending); "past" means active and either
 * marked past or dated before today (date descending, two by default).
 */
import { and, asc, desc, eq, getTableColumns, gte, lt, or, sql } from "drizzle-orm";
import { sampleCraftFairs } from "./sample-craft-fairs.ts";
import { getDb } from "../../db/client.server.ts";
import { craftFairs, type CraftFairRow } from "./table.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { withSampleFallback } from "../../content/sample-fallback.server.ts";
import { withImageDetails } from "../media/index.ts";

/** With the image's alt text and focal point from the media library (withImageDetails). */
export type PublicCraftFair = Omit<CraftFairRow, "created_at" | "updated_at"> & { image_alt?: string; image_focal?: string };

const { created_at: _c, updated_at: _u, ...publicColumns } = getTableColumns(craftFairs);

const today = sql`current_date`;
const upcomingWhere = and(eq(craftFairs.is_active, true), eq(craftFairs.is_past, false), gte(craftFairs.date, today));
const pastWhere = and(eq(craftFairs.is_active, true), or(eq(craftFairs.is_past, true), lt(craftFairs.date, today)));

export function listUpcomingCraftFairs() {
  return withSampleFallback<PublicCraftFair>(
    "upcoming craft fairs",
    () =>
      cachedRead("craft-fairs", "upcoming", () =>
        getDb().select(publicColumns).from(craftFairs).where(upcomingWhere).orderBy(asc(craftFairs.date), asc(craftFairs.time)).then(withImageDetails),
      ),
    () => sampleCraftFairs().filter((f) => !f.is_past),
  );
}

export function listPastCraftFairs(options: { limit?: number } = {}) {
  const limit = options.limit ?? 2;
  return withSampleFallback<PublicCraftFair>(
    "past craft fairs",
    () =>
      cachedRead("craft-fairs", `past:${limit}`, () =>
        getDb().select(publicColumns).from(craftFairs).where(pastWhere).orderBy(desc(craftFairs.date)).limit(limit).then(withImageDetails),
      ),
    () => sampleCraftFairs().filter((f) => f.is_past).slice(0, limit),
  );
}

/**
 * Whether an upcoming fair takes stall applications on `today` (a UK date): its
 * application deadline has not passed. (Every fair has stalls: the database requires it.)
 */
const isOpenForApplications = (fair: Pick<PublicCraftFair, "application_deadline">, today: string) => fair.application_deadline >= today;

/** The upcoming fairs taking stall applications on `today` (a UK date), soonest first. */
export async function listFairsOpenForApplications(today: string): Promise<PublicCraftFair[]> {
  return (await listUpcomingCraftFairs()).items.filter((fair) => isOpenForApplications(fair, today));
}

/**
 * Checks the fairs a stall application names (by title) against the fairs taking
 * applications on `today` (isOpenForApplications). Returns the first fair that is not
 * (with its deadline when it has passed), or null when every fair is open.
 */
export async function closedFairProblem(titles: string[], today: string): Promise<{ title: string; deadline: string | null } | null> {
  const upcoming = (await listUpcomingCraftFairs()).items;
  for (const title of titles) {
    const fair = upcoming.find((f) => f.title === title);
    if (!fair) return { title, deadline: null };
    if (!isOpenForApplications(fair, today)) return { title, deadline: fair.application_deadline };
  }
  return null;
}
