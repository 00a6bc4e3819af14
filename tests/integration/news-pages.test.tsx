/**
 * The home page's news section and the News page's empty state, rendered from their
 * loaders as the server renders them: with no published post the home page leaves the
 * section out and /news says so; once a post is published both show it.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { eq } from "drizzle-orm";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { siteSettings } from "../../app/db/schema.ts";
import { newsPosts } from "../../app/features/news/table.ts";
import { createNewsPost } from "../../app/features/news/news.server.ts";
import Home, { loader as homeLoader } from "../../app/routes/public/home.tsx";
import News, { loader as newsLoader } from "../../app/features/news/news-page.tsx";
import { loader as feedLoader } from "../../app/routes/resources/news-feed.xml.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const actor = { userId: null, email: "editor@millbrook.test", ip: "127.0.0.1" };

async function render(path: string) {
  const request = new Request(`http://localhost${path}`);
  const args = { request, params: {}, context: {} } as never;
  const component = path === "/" ? Home : News;
  const loaderData = await (path === "/" ? homeLoader(args) : newsLoader(args));
  const Stub = createRoutesStub([{ path: path.split("?")[0], Component: () => component({ loaderData } as never) }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} />);
}

describe("news on the public pages", () => {
  it("with no published posts: no news section on the home page, an empty state on /news", async () => {
    await getDb().delete(newsPosts);
    await createNewsPost(
      { title: "Only a draft", slug: "", summary: "Not for visitors yet.", body: "<p>Draft</p>", author: "Jane", image_alt: "", status: "draft", publish_at: "", image: null },
      actor,
    );
    const home = await render("/");
    expect(home).toContain("Upcoming events");
    expect(home).not.toContain("Latest news");
    expect(home).not.toContain("Only a draft");
    const news = await render("/news");
    expect(news).toContain("There is no news yet. Please check back soon.");
  });

  it("with a published post: the home page shows it under Latest news, and so does /news", async () => {
    await createNewsPost(
      { title: "Bake sale <raised> £300", slug: "", summary: "Cakes & biscuits sold out by noon.", body: "<p>Thanks!</p>", author: "Jane", image_alt: "", status: "published", publish_at: "", image: null },
      actor,
    );
    const home = await render("/");
    expect(home).toContain("Latest news");
    // Titles are escaped text.
    expect(home).toContain("Bake sale &lt;raised&gt; £300");
    expect(home).toContain('href="/news/bake-sale-raised-300"');
    const news = await render("/news");
    expect(news).not.toContain("There is no news yet");
    expect(news).toContain("Cakes &amp; biscuits sold out by noon.");
  });

  it("the feed lists the published posts as Atom, and is refused while the site is in maintenance", async () => {
    const feedArgs = () => {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, { ip: "127.0.0.1", nonce: "", secure: false });
      return { request: new Request("http://localhost/news/feed.xml"), params: {}, context } as never;
    };
    const response = await feedLoader(feedArgs());
    expect(response.headers.get("Content-Type")).toContain("application/atom+xml");
    const xml = await response.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    // Titles are marked as HTML in Atom, so their text is escaped inside.
    expect(xml).toContain("Bake sale &lt;raised&gt; £300");
    expect(xml).toContain("Cakes &amp; biscuits sold out by noon.");
    expect(xml).not.toContain("Only a draft");

    await getDb().update(siteSettings).set({ maintenance_mode: true }).where(eq(siteSettings.id, 1));
    try {
      const refused = await feedLoader(feedArgs()).then(
        () => null,
        (error: unknown) => error as Response,
      );
      expect(refused?.status).toBe(503);
    } finally {
      await getDb().update(siteSettings).set({ maintenance_mode: false }).where(eq(siteSettings.id, 1));
    }
  });

  it("characters XML does not allow are left out when a post is saved, and out of the feed for posts saved before", async () => {
    const saved = await createNewsPost(
      {
        title: "Escape\u001b[31m red",
        slug: "",
        summary: "A summary with a bell\u0007 and a lone \uD800 surrogate, and \uFFFE.",
        body: "<p>Body\u0000 text\u001f</p>",
        author: "Ed\u0008itor",
        image_alt: "",
        status: "published",
        publish_at: "",
        image: null,
      },
      actor,
    );
    expect(saved.title).toBe("Escape[31m red");
    expect(saved.summary).toBe("A summary with a bell and a lone  surrogate, and .");
    expect(saved.body).toBe("<p>Body text</p>");
    expect(saved.author).toBe("Editor");

    // A post saved before the rule (written straight to the table).
    await getDb().update(newsPosts).set({ summary: "Old\u001b summary \u0001here", title: "Old \u000b title" }).where(eq(newsPosts.id, saved.id));
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { ip: "127.0.0.1", nonce: "", secure: false });
    const xml = await (await feedLoader({ request: new Request("http://localhost/news/feed.xml"), params: {}, context } as never)).text();
    // eslint-disable-next-line no-control-regex -- looking for them is the point
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\uFFFE\uFFFF]/);
    expect(xml).toContain("Old summary here");
    expect(xml).toContain("Old  title");
  });
});
