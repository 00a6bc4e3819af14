import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { auditLog } from "../../db/schema.ts";
import { newsPosts } from "./table.ts";
import { subscribe } from "../../live/change-feed.server.ts";
import {
  announceDuePosts,
  createNewsPost,
  deleteNewsPost,
  feedArticles,
  getPublicArticle,
  latestNews,
  listNewsForAdmin,
  listPublicNews,
  nextScheduledTime,
  previewArticle,
  publishedSlugs,
  slugProblem,
  SLUG_TAKEN,
  updateNewsPost,
  type NewsInput,
} from "./news.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { ukDateTimeInput } from "../../lib/uk-time.ts";

setupTestDatabase();

const actor = { userId: null, email: "editor@millbrook.test", ip: "127.0.0.1" };
const input = (over: Partial<NewsInput> = {}): NewsInput => ({
  title: "Quiz night raised £640",
  slug: "",
  summary: "Thank you to the fourteen teams who came.",
  body: "<h2>Results</h2><p>The Brainy Bunch won.</p>",
  author: "Sophie Turner",
  image_alt: "",
  status: "published",
  publish_at: "",
  image: null,
  ...over,
});

describe("news", () => {
  it("starts with the sample posts of a fresh install, newest first", async () => {
    const latest = await latestNews(3);
    expect(latest.map((p) => p.slug)).toEqual(["community-garden-breaks-ground", "warm-spaces-open-for-winter"]);
  });

  it("publishes a post now, makes its address from the title, and audits it", async () => {
    const post = await createNewsPost(input(), actor);
    expect(post.slug).toBe("quiz-night-raised-640");
    expect(post.published_at!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await latestNews(3))[0].slug).toBe("quiz-night-raised-640");
    const article = await getPublicArticle("quiz-night-raised-640");
    expect(article?.body).toBe("<h2>Results</h2><p>The Brainy Bunch won.</p>");
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.action, "news.created"));
    expect(entry).toMatchObject({ actor_email: "editor@millbrook.test", entity: "news_post", entity_id: String(post.id) });

    // The same title again gets its own address; a typed address already in use is refused.
    const again = await createNewsPost(input(), actor);
    expect(again.slug).toBe("quiz-night-raised-640-2");
    expect(await slugProblem("quiz-night-raised-640", null)).toBe(SLUG_TAKEN);
    expect(await slugProblem("quiz-night-raised-640", post.id)).toBeNull();
  });

  it("stores bodies sanitised: no script, handler or foreign image", async () => {
    const post = await createNewsPost(
      input({ title: "XSS attempt", body: '<p onclick="alert(1)">Hi</p><script>alert(1)</script><img src="https://evil.example/x.gif" onerror="alert(1)"><a href="javascript:alert(1)">x</a>' }),
      actor,
    );
    expect(post.body).toBe("<p>Hi</p><a>x</a>");
    // A row changed behind the application's back is sanitised again when shown.
    await getDb().update(newsPosts).set({ body: "<p>ok</p><script>alert(2)</script>" }).where(eq(newsPosts.id, post.id));
    expect((await getPublicArticle(post.slug))?.body).toBe("<p>ok</p>");
    expect((await previewArticle(post.id))?.body).toBe("<p>ok</p>");
    expect((await feedArticles()).find((a) => a.slug === post.slug)?.body).toBe("<p>ok</p>");
  });

  it("keeps drafts and scheduled posts off the public pages until their time", async () => {
    const draft = await createNewsPost(input({ title: "A draft", status: "draft" }), actor);
    const later = new Date(Date.now() + 3 * 86_400_000);
    const scheduled = await createNewsPost(input({ title: "Coming soon", publish_at: ukDateTimeInput(later) }), actor);
    for (const slug of [draft.slug, scheduled.slug]) {
      expect(await getPublicArticle(slug)).toBeNull();
      expect((await listPublicNews(1)).items.map((p) => p.slug)).not.toContain(slug);
      expect((await publishedSlugs()).map((p) => p.slug)).not.toContain(slug);
    }
    expect((await previewArticle(draft.id))?.title).toBe("A draft");
    expect((await nextScheduledTime())?.toISOString()).toBe(scheduled.published_at!.toISOString());
    expect((await listNewsForAdmin()).map((p) => p.slug)).toEqual(expect.arrayContaining([draft.slug, scheduled.slug]));

    // Its time comes: the run announces it once on the "news" topic, and it is public.
    const heard: string[] = [];
    const unsubscribe = subscribe((topic) => heard.push(topic));
    const due = new Date(Date.now() - 3_600_000);
    await getDb().update(newsPosts).set({ published_at: due }).where(eq(newsPosts.id, scheduled.id));
    const ms = (offset: number) => new Date(due.getTime() + offset);
    expect(await announceDuePosts(ms(-1), ms(1))).toBe(1);
    expect(await announceDuePosts(ms(1), ms(2))).toBe(0);
    unsubscribe();
    expect(heard).toEqual(["news"]);
    expect((await getPublicArticle(scheduled.slug))?.title).toBe("Coming soon");
  });

  it("keeps the publish time when a published post is edited, and unpublishes to a draft", async () => {
    const post = await createNewsPost(input({ title: "Edit me" }), actor);
    const edited = await updateNewsPost(post.id, input({ title: "Edited", slug: post.slug }), actor);
    expect(edited?.published_at?.getTime()).toBe(post.published_at!.getTime());
    expect(edited?.slug).toBe(post.slug);
    const drafted = await updateNewsPost(post.id, input({ title: "Edited", status: "draft" }), actor);
    expect(drafted?.published_at).toBeNull();
    expect(await getPublicArticle(post.slug)).toBeNull();
    expect(await updateNewsPost(999_999, input(), actor)).toBeNull();
  });

  it("pages the list nine at a time and deletes posts", async () => {
    for (let i = 0; i < 10; i++) await createNewsPost(input({ title: `Bulk ${i}` }), actor);
    const first = await listPublicNews(1);
    expect(first.items).toHaveLength(9);
    expect(first.pages).toBeGreaterThanOrEqual(2);
    const second = await listPublicNews(2);
    expect(second.items.map((p) => p.slug)).not.toContain(first.items[0].slug);
    const target = (await listNewsForAdmin()).find((p) => p.title === "Bulk 0")!;
    expect(await deleteNewsPost(target.id, actor)).toBe(true);
    expect(await deleteNewsPost(target.id, actor)).toBe(false);
    expect(await getPublicArticle(target.slug)).toBeNull();
  });
});
