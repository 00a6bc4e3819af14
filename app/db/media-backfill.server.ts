/**
 * The media library's backfill: every image or PDF address held by a content row that is
 * not in the library yet becomes a library item (uploads made before the library existed,
 * the sample pictures written by the first-start seed). Run at every start after the seed;
 * an address already in the library is left as staff keep it, so it runs once per file.
 * Alt text comes from the row (empty alt there meant decorative); event, craft fair and
 * award pictures were shown as decorative, and stay so until staff describe them.
 */
import { sql } from "drizzle-orm";
import { SAMPLE_FOCAL_POINTS } from "../content/sample-content.ts";
import type { Database } from "./client.server.ts";
import { media } from "./schema.ts";

const IN_USE = sql`
  select 'image' as kind, image as url, image_alt as alt, image_alt = '' as decorative from trustees where image is not null
  union all select 'image', image, image_alt, image_alt = '' from causes where image is not null
  union all select 'image', image, image_alt, image_alt = '' from news_posts where image is not null
  union all select 'image', image, image_alt, image_alt = '' from craft_fair_gallery
  union all select 'image', image, '', true from events where image is not null
  union all select 'image', image, '', true from craft_fairs where image is not null
  union all select 'image', image, '', true from award_winners where image is not null
  union all select 'image', hero_image_url, '', false from site_settings where hero_image_url is not null
  union all select 'image', about_image_url, '', false from site_settings where about_image_url is not null
  union all select 'image', (regexp_matches(body, 'src="(/uploads/[^"]+)"', 'g'))[1], '', false from news_posts
  union all select 'pdf', file, '', false from annual_reports`;

/** Adds the addresses in use that the library does not hold; returns how many were added. */
export async function backfillMedia(db: Database): Promise<number> {
  const found = await db.execute<{ kind: "image" | "pdf"; url: string; alt: string; decorative: boolean }>(
    sql`select distinct on (u.url) u.kind, u.url, u.alt, u.decorative from (${IN_USE}) u
        where u.url <> '' and not exists (select 1 from media m where m.url = u.url)
        order by u.url, u.decorative`,
  );
  if (found.rows.length === 0) return 0;
  const added = await db
    .insert(media)
    .values(
      found.rows.map((r) => {
        const [x, y] = SAMPLE_FOCAL_POINTS[r.url] ?? [50, 50];
        return {
          kind: r.kind,
          url: r.url,
          filename: r.url.slice(r.url.lastIndexOf("/") + 1).slice(0, 200),
          alt: r.kind === "image" && !r.decorative ? r.alt : "",
          decorative: r.kind === "image" && r.decorative,
          focal_x: x,
          focal_y: y,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: media.id });
  return added.length;
}
