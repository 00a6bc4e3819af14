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
import { MEDIA_COLUMNS } from "../lib/content-types.ts";
import { media } from "./schema.ts";

/** The addresses in use: the content types' media columns (app/lib/content-types.ts), the settings' images and the images inside news posts' text. */
const IN_USE = sql.join(
  [
    ...MEDIA_COLUMNS.map((c) => {
      const [url, table] = [sql.identifier(c.column), sql.identifier(c.table)];
      const kind = c.kind ?? "image";
      // Without an alt text column the image was shown as decorative.
      return c.alt
        ? sql`select ${kind}::text as kind, ${url} as url, ${sql.identifier(c.alt)} as alt, ${sql.identifier(c.alt)} = '' as decorative from ${table} where ${url} is not null`
        : sql`select ${kind}::text as kind, ${url} as url, ''::text as alt, ${sql.raw(kind === "image" ? "true" : "false")} as decorative from ${table} where ${url} is not null`;
    }),
    sql`select 'image', hero_image_url, '', false from site_settings where hero_image_url is not null`,
    sql`select 'image', about_image_url, '', false from site_settings where about_image_url is not null`,
    sql`select 'image', (regexp_matches(body, 'src="(/uploads/[^"]+)"', 'g'))[1], '', false from news_posts`,
  ],
  sql` union all `,
);

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
