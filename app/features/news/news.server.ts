/**
 * News posts: written by staff (editors and administrators), shown on /news, /news/:slug,
 * the home page, the feed and the sitemap. A post is public once it is published and its
 * publish time has come; a later time schedules it: a "news-publish" job queued for that
 * time, and the minute's "news-sweep" job under it (app/jobs/jobs.server.ts), announce it
 * on the "news" topic, so caches on every instance drop the pages and it appears by itself. Bodies are sanitised before they are stored and again when
 * read for a page. Every write is audited and announced on the "news" topic.
 */
import type { AuditAction } from "../../domain/audit/describe.ts";
import { withoutNonXmlCharacters } from "../../lib/plain-text.ts";
import { and, asc, count, desc, eq, gt, lte, ne, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { contentRevisions } from "../../db/schema.ts";
import { newsPosts, type NewsPostRow } from "./table.ts";
import { enqueue } from "../../jobs/queue.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { storeImage } from "../../storage/images.server.ts";
import { withImageDetails } from "../media/index.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { recordRevision } from "../../domain/revisions/revisions.server.ts";
import { validId } from "../../domain/listings/listings.server.ts";
import { sanitiseRichHtml } from "../../lib/rich-html.server.ts";
import type { NewsFormData } from "./news.schema.ts";
import type { SafeHtml } from "../../lib/rich-html.ts";
import { slugify } from "./news.ts";
import { ukDateTimeInput, ukInstantFromInput } from "../../lib/uk-time.ts";

const NEWS_PER_PAGE = 9;
export const SLUG_TAKEN = "Another post already uses this web address";

export interface NewsCard {
  slug: string;
  title: string;
  summary: string;
  image: string | null;
  /** From the media library, like image_focal (the crop's centre, "x% y%"; absent for the middle). */
  image_alt: string;
  image_focal?: string;
  author: string;
  published_at: string;
}
export interface NewsArticle extends NewsCard {
  body: SafeHtml;
  updated_at: string;
}

const isPublic = () => and(eq(newsPosts.status, "published"), lte(newsPosts.published_at, sql`now()`));

const cardColumns = {
  slug: newsPosts.slug,
  title: newsPosts.title,
  summary: newsPosts.summary,
  image: newsPosts.image,
  image_alt: newsPosts.image_alt,
  author: newsPosts.author,
  published_at: newsPosts.published_at,
};

const asCard = (row: { published_at: Date | null } & Omit<NewsCard, "published_at">): NewsCard => ({
  ...row,
  published_at: (row.published_at ?? new Date(0)).toISOString(),
});

/** One page of published posts, newest first, with the number of pages. */
export function listPublicNews(page: number): Promise<{ items: NewsCard[]; pages: number }> {
  const p = Number.isInteger(page) && page > 0 && page < 10_000 ? page : 1;
  return cachedRead("news", `page:${p}`, async () => {
    const db = getDb();
    const [rows, [{ total }]] = await Promise.all([
      db
        .select(cardColumns)
        .from(newsPosts)
        .where(isPublic())
        .orderBy(desc(newsPosts.published_at), desc(newsPosts.id))
        .limit(NEWS_PER_PAGE)
        .offset((p - 1) * NEWS_PER_PAGE),
      db.select({ total: count() }).from(newsPosts).where(isPublic()),
    ]);
    return { items: (await withImageDetails(rows)).map(asCard), pages: Math.max(1, Math.ceil(total / NEWS_PER_PAGE)) };
  });
}

/** The latest published posts (the home page's three; the feed's twenty, with bodies). */
export function latestNews(limit: number): Promise<NewsCard[]> {
  return cachedRead("news", `latest:${limit}`, async () =>
    (
      await getDb()
        .select(cardColumns)
        .from(newsPosts)
        .where(isPublic())
        .orderBy(desc(newsPosts.published_at), desc(newsPosts.id))
        .limit(limit)
        .then(withImageDetails)
    ).map(asCard),
  );
}

function asArticle(row: NewsPostRow): NewsArticle {
  return { ...asCard(row), body: sanitiseRichHtml(row.body), updated_at: row.updated_at.toISOString() };
}

/** The feed's posts, newest first, with their (sanitised) bodies. */
export function feedArticles(limit = 20): Promise<NewsArticle[]> {
  return cachedRead("news", `feed:${limit}`, async () =>
    (
      await getDb()
        .select()
        .from(newsPosts)
        .where(isPublic())
        .orderBy(desc(newsPosts.published_at), desc(newsPosts.id))
        .limit(limit)
    ).map(asArticle),
  );
}

/** A published post by its address, or null (drafts and scheduled posts are not public). */
export function getPublicArticle(slug: string): Promise<NewsArticle | null> {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return Promise.resolve(null);
  return cachedRead(
    "news",
    `post:${slug}`,
    async () => {
      const [row] = await getDb()
        .select()
        .from(newsPosts)
        .where(and(eq(newsPosts.slug, slug), isPublic()))
        .limit(1)
        .then(withImageDetails);
      return row ? asArticle(row) : null;
    },
    (value) => value !== null,
  );
}

/** Addresses and dates of the published posts, for the sitemap. */
export function publishedSlugs(): Promise<{ slug: string; updated_at: string }[]> {
  return cachedRead("news", "slugs", async () =>
    (
      await getDb()
        .select({ slug: newsPosts.slug, updated_at: newsPosts.updated_at })
        .from(newsPosts)
        .where(isPublic())
        .orderBy(desc(newsPosts.published_at))
    ).map((r) => ({ slug: r.slug, updated_at: r.updated_at.toISOString() })),
  );
}

export function listNewsForAdmin(): Promise<NewsPostRow[]> {
  return getDb()
    .select()
    .from(newsPosts)
    .orderBy(sql`${newsPosts.published_at} desc nulls first`, desc(newsPosts.id));
}

export async function getNewsPost(id: number): Promise<NewsPostRow | null> {
  if (!validId(id)) return null;
  const [row] = await getDb().select().from(newsPosts).where(eq(newsPosts.id, id)).limit(1);
  return row ?? null;
}

/** A post for staff to preview in any state, its body sanitised as the public page would show it. */
export async function previewArticle(id: number): Promise<(NewsArticle & { status: string; published: Date | null }) | null> {
  const row = await getNewsPost(id);
  return row ? { ...asArticle(row), status: row.status, published: row.published_at } : null;
}

export type NewsInput = Omit<NewsFormData, "image_decorative"> & { image?: string | null };

class SlugTakenError extends Error {
  constructor() {
    super(SLUG_TAKEN);
    this.name = "SlugTakenError";
  }
}

/** The address to store: the one typed (must be free), or one made from the title (made unique). */
async function chooseSlug(input: NewsInput, id: number | null): Promise<string> {
  const others = (slug: string) =>
    getDb()
      .select({ id: newsPosts.id })
      .from(newsPosts)
      .where(id === null ? eq(newsPosts.slug, slug) : and(eq(newsPosts.slug, slug), ne(newsPosts.id, id)))
      .limit(1);
  if (input.slug !== "") {
    if ((await others(input.slug)).length > 0) throw new SlugTakenError();
    return input.slug;
  }
  const base = slugify(input.title) || "post";
  for (let n = 1; n < 100; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 75)}-${n}`;
    if ((await others(candidate)).length === 0) return candidate;
  }
  return `${base.slice(0, 60)}-${Date.now()}`;
}

/** When the post appears: the time chosen, else (when publishing) the time it already had, else now. */
function publishedAt(input: NewsInput, before: NewsPostRow | null): Date | null {
  const chosen = input.publish_at === "" ? null : ukInstantFromInput(input.publish_at);
  if (chosen) return chosen;
  if (input.status !== "published") return null;
  return before?.status === "published" && before.published_at ? before.published_at : new Date();
}

/** What is saved: the words without characters XML does not allow (they would break the news feed). */
function rowValues(input: NewsInput, slug: string, before: NewsPostRow | null) {
  const clean = withoutNonXmlCharacters;
  return {
    slug,
    title: clean(input.title),
    summary: clean(input.summary),
    body: sanitiseRichHtml(clean(input.body)),
    author: clean(input.author),
    image_alt: clean(input.image_alt),
    status: input.status,
    published_at: publishedAt(input, before),
    ...(input.image !== undefined ? { image: input.image } : {}),
  };
}

/** What a revision of a post keeps: its form's words and publishing (and which cover it had). */
export const newsRevisionData = (row: NewsPostRow) => ({
  title: row.title,
  slug: row.slug,
  summary: row.summary,
  body: row.body,
  author: row.author,
  image: row.image,
  image_alt: row.image_alt,
  status: row.status,
  publish_at: row.published_at ? ukDateTimeInput(row.published_at) : "",
});

function changed(actor: AuditActor, action: AuditAction, id: number, details: Record<string, unknown>) {
  publishChange("news");
  return recordAudit(actor, action, { entity: "news_post", entityId: id, details });
}

/** The job that announces a scheduled post at its time. */
export const NEWS_PUBLISH_JOB = "news-publish";

/** A post set for later: queues the job that announces it when its time comes. */
async function schedulePublication(row: NewsPostRow): Promise<void> {
  if (row.status !== "published" || !row.published_at || row.published_at.getTime() <= Date.now()) return;
  const at = row.published_at;
  await enqueue(NEWS_PUBLISH_JOB, { id: row.id, at: at.toISOString() }, { startAfter: at, singletonKey: `${row.id}@${at.toISOString()}` }).catch((error: unknown) =>
    // The minute's sweep announces it all the same.
    logger.warn({ err: error, post: row.id }, "could not queue the scheduled post's job"),
  );
}

export async function createNewsPost(input: NewsInput, actor: AuditActor): Promise<NewsPostRow> {
  const slug = await chooseSlug(input, null);
  const [row] = await getDb().insert(newsPosts).values(rowValues(input, slug, null)).returning();
  await recordRevision("news", row.id, newsRevisionData(row), actor);
  await changed(actor, "news.created", row.id, { title: row.title, status: row.status });
  await schedulePublication(row);
  return row;
}

/** Updates a post; `image` undefined keeps the cover, null removes it. Null when there is no such post. */
export async function updateNewsPost(id: number, input: NewsInput, actor: AuditActor): Promise<NewsPostRow | null> {
  const before = await getNewsPost(id);
  if (!before) return null;
  const slug = await chooseSlug({ ...input, slug: input.slug || before.slug }, id);
  const [row] = await getDb()
    .update(newsPosts)
    .set({ ...rowValues(input, slug, before), updated_at: sql`now()` })
    .where(eq(newsPosts.id, id))
    .returning();
  if (!row) return null;
  const fields = (["title", "slug", "summary", "body", "author", "image", "image_alt", "status"] as const).filter((f) => before[f] !== row[f]);
  if (before.published_at?.getTime() !== row.published_at?.getTime()) fields.push("published_at" as never);
  await recordRevision("news", id, newsRevisionData(row), actor);
  await changed(actor, "news.updated", id, { title: row.title, changed: fields });
  await schedulePublication(row);
  return row;
}

export async function deleteNewsPost(id: number, actor: AuditActor): Promise<boolean> {
  if (!validId(id)) return false;
  const [row] = await getDb().delete(newsPosts).where(eq(newsPosts.id, id)).returning();
  if (!row) return false;
  await changed(actor, "news.deleted", id, { title: row.title });
  return true;
}

/** The next time a scheduled post is due, or null when none is waiting. */
export async function nextScheduledTime(): Promise<Date | null> {
  const [row] = await getDb()
    .select({ at: newsPosts.published_at })
    .from(newsPosts)
    .where(and(eq(newsPosts.status, "published"), gt(newsPosts.published_at, sql`now()`)))
    .orderBy(asc(newsPosts.published_at))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Announces posts whose publish time fell in (since, now]: publishes the "news" topic
 * once, so caches drop the news pages and the home page and open pages refresh.
 * Returns how many posts came due. The news jobs call it.
 */
export async function announceDuePosts(since: Date, now: Date = new Date()): Promise<number> {
  const [{ due }] = await getDb()
    .select({ due: count() })
    .from(newsPosts)
    .where(and(eq(newsPosts.status, "published"), gt(newsPosts.published_at, since), lte(newsPosts.published_at, now)));
  if (due > 0) publishChange("news");
  return due;
}

/** Stores an image for a post's body (checked and resized like every upload); returns its address. */
export async function storeBodyImage(bytes: Uint8Array, actor: AuditActor): Promise<string> {
  const url = await storeImage("news", bytes);
  await recordAudit(actor, "news.image_uploaded", { entity: "news_image", details: { url } });
  return url;
}

/** The problem with an address typed for a post (another post has it), or null. */
export async function slugProblem(slug: string, id: number | null): Promise<string | null> {
  if (slug === "") return null;
  const [other] = await getDb()
    .select({ id: newsPosts.id })
    .from(newsPosts)
    .where(id === null ? eq(newsPosts.slug, slug) : and(eq(newsPosts.slug, slug), ne(newsPosts.id, id)))
    .limit(1);
  return other ? SLUG_TAKEN : null;
}

/**
 * The name a member of staff signs news posts with: the author of the last post they saved
 * (History keeps who saved each version); null before their first post.
 */
export async function authorNameOf(email: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ author: sql<string | null>`${contentRevisions.data}->>'author'` })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.content_type, "news"), sql`lower(${contentRevisions.actor_email}) = lower(${email})`, sql`coalesce(${contentRevisions.data}->>'author', '') <> ''`))
    .orderBy(desc(contentRevisions.id))
    .limit(1);
  return row?.author ?? null;
}
