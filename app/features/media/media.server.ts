/**
 * The media library: images and PDFs uploaded once and used anywhere. An upload is
 * recognised by its bytes (app/storage/file-types.ts); images are re-encoded with their
 * responsive variants (storeImageWithSize), PDFs stored as they are. Content rows point at
 * an item by its public URL, so "where is it used" is a look through the image columns
 * (USAGE_QUERY). Every write is audited; a change to an item in use is announced on the
 * topics of the pages that show it, so they pick up its alt text and focal point.
 */
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { media, type MediaKind, type MediaRow } from "../../db/schema.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import type { ContentTopic } from "../../live/topics.ts";
import { deletePdf, DocumentRejectedError, NOT_A_PDF, storePdf } from "../../storage/documents.server.ts";
import type { StoreFolder } from "../../storage/file-store.server.ts";
import { deleteImage, IMAGE_WRONG_TYPE, ImageRejectedError, storeImageWithSize } from "../../storage/images.server.ts";
import { isImageType, sniffFileType } from "../../storage/file-types.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { validId } from "../../domain/listings/listings.server.ts";
import { containsPattern } from "../../db/like.ts";
import { CONTENT_TYPES, MEDIA_COLUMNS, type ContentType, type ContentTypeName } from "../../lib/content-types.ts";
import { focalPosition, mediaAltProblem, type MediaEditData } from "./media.schema.ts";

export const MEDIA_WRONG_TYPE = "Only JPEG, PNG, WebP or GIF images and PDF documents can be uploaded.";
export const MEDIA_NOT_FOUND = "That item is no longer in the media library.";

/** An upload or a change the library refuses; the message is for the person who made it. */
export class MediaRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MediaRejectedError";
  }
}

export interface MediaUpload {
  bytes: Uint8Array;
  filename: string;
  /** Alt text and decorative, when the uploader gave them (a form's new image). */
  alt?: string;
  decorative?: boolean;
}

const cleanFilename = (name: string) =>
  name
    .replace(/^.*[\\/]/, "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 200);

/** Stores an uploaded image or PDF and adds it to the library; MediaRejectedError for anything else. */
export async function uploadMedia(
  upload: MediaUpload,
  actor: AuditActor,
  options: { requireAlt?: boolean; folder?: StoreFolder; only?: MediaKind } = {},
): Promise<MediaRow> {
  const type = sniffFileType(upload.bytes);
  const kind: MediaKind | null = type === null ? null : isImageType(type) ? "image" : "pdf";
  if (!kind || (options.only && kind !== options.only)) {
    throw new MediaRejectedError(options.only === "image" ? IMAGE_WRONG_TYPE : options.only === "pdf" ? NOT_A_PDF : MEDIA_WRONG_TYPE);
  }
  const decorative = kind === "image" && upload.decorative === true;
  const alt = kind === "image" && !decorative ? (upload.alt ?? "").trim().slice(0, 200) : "";
  if (options.requireAlt) {
    const problem = mediaAltProblem({ kind, alt, decorative });
    if (problem) throw new MediaRejectedError(problem);
  }
  let stored: { url: string; width: number | null; height: number | null };
  try {
    const folder = options.folder ?? "media";
    stored = kind === "image" ? await storeImageWithSize(folder, upload.bytes) : { url: await storePdf(folder, upload.bytes), width: null, height: null };
  } catch (error) {
    if (error instanceof ImageRejectedError || error instanceof DocumentRejectedError) throw new MediaRejectedError(error.message);
    throw error;
  }
  try {
    const [row] = await getDb()
      .insert(media)
      .values({
        kind,
        url: stored.url,
        filename: cleanFilename(upload.filename),
        alt,
        decorative,
        width: stored.width,
        height: stored.height,
        byte_size: upload.bytes.byteLength,
        uploaded_by: actor.userId ?? null,
      })
      .returning();
    await recordAudit(actor, "media.uploaded", { entity: "media", entityId: row.id, details: { filename: row.filename, kind } });
    return row;
  } catch (error) {
    await removeFiles(kind, stored.url);
    throw error;
  }
}

const removeFiles = (kind: MediaKind, url: string) => (kind === "image" ? deleteImage(url) : deletePdf(url));

export interface MediaListFilters {
  q?: string;
  kind?: MediaKind;
  limit?: number;
}

/** The newest items first, matching the search in the file name or alt text. */
export function listMedia(filters: MediaListFilters = {}): Promise<MediaRow[]> {
  const conditions: (SQL | undefined)[] = [];
  const q = filters.q?.trim().slice(0, 200);
  if (q) conditions.push(or(ilike(media.filename, containsPattern(q)), ilike(media.alt, containsPattern(q))));
  if (filters.kind) conditions.push(eq(media.kind, filters.kind));
  return getDb()
    .select()
    .from(media)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(media.created_at), desc(media.id))
    .limit(Math.min(filters.limit ?? 60, 200));
}

export async function getMedia(id: number): Promise<MediaRow | null> {
  if (!validId(id)) return null;
  const [row] = await getDb().select().from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}

export async function getMediaByUrl(url: string): Promise<MediaRow | null> {
  const [row] = await getDb().select().from(media).where(eq(media.url, url)).limit(1);
  return row ?? null;
}

/** One place an item is used: what it is, the admin screen to change it, the public topic that shows it. */
export interface MediaUsage {
  label: string;
  href: string;
  topic: ContentTopic;
}

/**
 * Every column that holds the address of a library item: the content types' media columns
 * (app/lib/content-types.ts), the images inside news posts' text, and the settings' images.
 */
const USAGE_QUERY = (url: string) =>
  sql.join(
    [
      ...MEDIA_COLUMNS.map(
        (c) =>
          sql`select ${c.type}::text as kind, ${sql.identifier(c.id ?? "id")}::text as id, ${sql.identifier(c.title)}::text as title from ${sql.identifier(c.table)} where ${sql.identifier(c.column)} = ${url}`,
      ),
      sql`select 'news'::text, id::text, title from news_posts where body like ${containsPattern(url)}`,
      sql`select 'settings'::text, 'hero', 'Home page hero image' from site_settings where hero_image_url = ${url}`,
      sql`select 'settings'::text, 'about', 'About image' from site_settings where about_image_url = ${url}`,
    ],
    sql` union `,
  );

/** The screen that changes a row of a kind, what the row is called, and the topic that shows it. */
function usageScreen(kind: string, id: string): { name: string; href: string; topic: ContentTopic } {
  if (kind === "settings") return { name: "Settings", href: "/admin/settings", topic: "settings" };
  const type: ContentType = CONTENT_TYPES[kind as ContentTypeName];
  return { name: type.singular, href: (type.edit ?? "/admin").replace(":id", id), topic: type.topic as ContentTopic };
}

/** Where an item is used (empty: nowhere). */
export async function mediaUsages(url: string): Promise<MediaUsage[]> {
  const result = await getDb().execute<{ kind: string; id: string; title: string }>(USAGE_QUERY(url));
  return result.rows.map((r) => {
    const screen = usageScreen(r.kind, r.id);
    return { label: `${screen.name}: ${r.title || `#${r.id}`}`, href: screen.href, topic: screen.topic };
  });
}

function announce(usages: MediaUsage[]) {
  for (const topic of new Set(usages.map((u) => u.topic))) publishChange(topic);
}

/** Saves an item's alt text, decorative flag and focal point; refuses an image left without alt text. */
export async function updateMedia(id: number, input: MediaEditData, actor: AuditActor): Promise<MediaRow | null> {
  const before = await getMedia(id);
  if (!before) return null;
  const problem = mediaAltProblem({ kind: before.kind, alt: input.alt, decorative: input.decorative });
  if (problem) throw new MediaRejectedError(problem);
  const values =
    before.kind === "image"
      ? { alt: input.decorative ? "" : input.alt, decorative: input.decorative, focal_x: input.focal_x, focal_y: input.focal_y }
      : {};
  if (Object.keys(values).length === 0) return before;
  const [row] = await getDb().update(media).set(values).where(eq(media.id, id)).returning();
  if (!row) return null;
  const changed = (["alt", "decorative", "focal_x", "focal_y"] as const).filter((f) => before[f] !== row[f]);
  await recordAudit(actor, "media.updated", { entity: "media", entityId: id, details: { filename: row.filename, changed } });
  announce(await mediaUsages(row.url));
  return row;
}

/** Deletes an item and its files; refused (MediaRejectedError naming the places) while it is used. */
export async function deleteMedia(id: number, actor: AuditActor): Promise<boolean> {
  const row = await getMedia(id);
  if (!row) return false;
  const usages = await mediaUsages(row.url);
  if (usages.length > 0) {
    const what = row.kind === "image" ? "image" : "document";
    throw new MediaRejectedError(`This ${what} is still used, so it cannot be deleted. Remove it from: ${usages.map((u) => u.label).join("; ")}.`);
  }
  const [deleted] = await getDb().delete(media).where(eq(media.id, id)).returning();
  if (!deleted) return false;
  await removeFiles(deleted.kind, deleted.url);
  await recordAudit(actor, "media.deleted", { entity: "media", entityId: id, details: { filename: deleted.filename } });
  return true;
}

/** What a public page needs of an image in the library: alt text ("" when decorative) and focal point. */
interface ImageDetails {
  alt: string | null;
  x: number;
  y: number;
}

/** The library's details of these image addresses (those not in the library are left out). */
async function imageDetails(urls: (string | null | undefined)[]): Promise<Map<string, ImageDetails>> {
  const wanted = [...new Set(urls.filter((u): u is string => Boolean(u)))];
  if (wanted.length === 0) return new Map();
  const rows = await getDb()
    .select({ url: media.url, alt: media.alt, decorative: media.decorative, x: media.focal_x, y: media.focal_y })
    .from(media)
    .where(inArray(media.url, wanted));
  return new Map(rows.map((r) => [r.url, { alt: r.decorative ? "" : r.alt || null, x: r.x, y: r.y }]));
}

/**
 * Rows of a public read with their image's library details: `image_alt` from the library
 * (the row's own when the library has none) and `image_focal` ("x% y%", absent for the centre).
 */
export async function withImageDetails<T extends { image: string | null }>(rows: T[]): Promise<(T & { image_alt: string; image_focal?: string })[]> {
  const details = await imageDetails(rows.map((r) => r.image));
  return rows.map((row) => {
    const found = row.image ? details.get(row.image) : undefined;
    const own = "image_alt" in row && typeof row.image_alt === "string" ? row.image_alt : "";
    const focal = found && focalPosition(found.x, found.y);
    return { ...row, image_alt: found?.alt ?? own, ...(focal ? { image_focal: focal } : {}) };
  });
}
