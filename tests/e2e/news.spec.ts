/**
 * News, as staff and visitors use it: an editor writes a post in the rich-text editor
 * (heading, list, link, image), publishes it and the public pages show it; a post saved
 * without JavaScript (plain HTML field) is sanitised; drafts are previewed by staff only;
 * a scheduled post appears on its own at its time, past the page cache; the Atom feed
 * and the Article JSON-LD are valid.
 */
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { createSignedInAccount } from "../helpers/staff.ts";
import { expect, test } from "./fixtures.ts";
import { ukDateTimeInput } from "../../app/lib/uk-time.ts";

test.describe.configure({ mode: "serial" });
test.setTimeout(60_000);

const run = Date.now().toString(36);
const title = `Litter pick cleared the river path ${run}`;
const slug = `litter-pick-${run}`;

async function picture(name: string, colour: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } }).png().toBuffer();
  return { name, mimeType: "image/png", buffer };
}

test("an editor writes a post with a heading, a list, a link and an image, publishes it, and visitors read it", async ({ page, signInAs, browser }) => {
  await signInAs("editor");
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "News" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
  await page.getByRole("link", { name: "Write a post" }).click();

  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Web address").fill(slug);
  await page.getByLabel("Summary").fill("Forty volunteers filled sixty bags along the river path on Saturday.");
  await page.getByLabel("Author").fill("David Okafor");

  const editor = page.getByTestId("rich-text-editor");
  await expect(editor).toBeVisible();
  await expect(page.locator("textarea[name=body]")).toBeHidden();
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  await editor.click();
  await toolbar.getByRole("button", { name: "Heading", exact: true }).click();
  await page.keyboard.type("What we found");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("Sixty bags of rubbish");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Two shopping trolleys");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("See the next litter pick");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Quote" }).click();
  await page.keyboard.type("Best morning of the year.");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Quote" }).click();
  await toolbar.getByRole("button", { name: "Image" }).click();
  await page.getByLabel("Image file").setInputFiles(await picture("river.png", { r: 60, g: 120, b: 180 }));
  await page.getByLabel("Alt text for this image").fill("Volunteers with full bags by the river");
  await page.getByRole("button", { name: "Insert image" }).click();
  await expect(editor.locator("img")).toHaveAttribute("src", /^\/uploads\/news\/.+\.webp$/);

  // The link last, so no typing follows it: select the words at the end of their paragraph.
  await editor.getByText("See the next litter pick").click();
  await page.keyboard.press("End");
  await page.keyboard.down("Shift");
  for (let i = 0; i < "the next litter pick".length; i++) await page.keyboard.press("ArrowLeft");
  await page.keyboard.up("Shift");
  await toolbar.getByRole("button", { name: "Link" }).click();
  await page.getByLabel("Link address").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Apply link" }).click();
  await expect(page.getByText("Enter an address starting with https://")).toBeVisible();
  await page.getByLabel("Link address").fill("/events");
  await page.getByRole("button", { name: "Apply link" }).click();
  await expect(editor.getByRole("link", { name: "the next litter pick" })).toHaveAttribute("href", "/events");

  await page.getByLabel(/^Cover image/).first().setInputFiles(await picture("cover.png", { r: 200, g: 150, b: 60 }));
  await page.getByLabel("Cover image description (alt text)").fill("Volunteers in high-visibility vests on the river path");
  await page.getByLabel("Status").selectOption("published");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole("button", { name: "Save Post" }).click();
  await expect(page).toHaveURL(/\/admin\/news$/);
  await expect(page.getByRole("status").filter({ hasText: "News post saved" }).first()).toBeVisible();
  const row = page.getByTestId("admin-news-post").filter({ hasText: title });
  await expect(row).toContainText("Published");

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/news");
  await visitor.getByRole("link", { name: title }).click();
  await expect(visitor).toHaveURL(new RegExp(`/news/${slug}$`));
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const article = visitor.getByRole("article");
  await expect(article.getByRole("heading", { level: 2, name: "What we found" })).toBeVisible();
  await expect(article.getByRole("listitem")).toHaveText(["Sixty bags of rubbish", "Two shopping trolleys"]);
  await expect(article.getByRole("link", { name: "the next litter pick" })).toHaveAttribute("href", "/events");
  await expect(article.getByRole("img", { name: "Volunteers with full bags by the river" })).toHaveAttribute("src", /^\/uploads\/news\/.+\.webp$/);
  await expect(article.getByRole("img", { name: "Volunteers in high-visibility vests on the river path" })).toBeVisible();
  await expect(article.locator("blockquote")).toContainText("Best morning of the year.");
  await expect(visitor.getByTestId("news-author")).toHaveText("David Okafor");
  expect((await new AxeBuilder({ page: visitor }).analyze()).violations).toEqual([]);

  // Article structured data: valid JSON with the schema.org fields search engines need.
  const ld = await visitor.locator('script[type="application/ld+json"]').allTextContents();
  const articleLd = ld.map((text) => JSON.parse(text) as Record<string, unknown>).find((d) => d["@type"] === "Article");
  expect(articleLd).toMatchObject({ "@context": "https://schema.org", headline: title, author: { "@type": "Person", name: "David Okafor" } });
  expect(new Date(articleLd!.datePublished as string).getTime()).not.toBeNaN();
  expect(articleLd!.image).toEqual([expect.stringMatching(/^https?:\/\/.+\/uploads\/news\/.+\.webp$/)]);
  expect(articleLd!.mainEntityOfPage).toMatchObject({ "@id": expect.stringMatching(new RegExp(`^https?://.+/news/${slug}$`)) });

  // The home page's latest news, and the sitemap.
  await visitor.goto("/");
  await expect(visitor.getByTestId("home-news").getByRole("link", { name: title })).toBeVisible();
  await expect(visitor.getByTestId("home-news").getByTestId("news-card")).toHaveCount(3);
  const sitemap = await (await visitor.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/news/${slug}</loc>`);
  expect(sitemap).toContain("/news</loc>");
  await visitorContext.close();
});

test("the Atom feed is well-formed XML with the post, its text escaped", async ({ page, signInAs }) => {
  await signInAs("editor");
  const tricky = `Fish & Chips <Quiz> "night" ${run}`;
  await page.goto("/admin/news/new");
  await page.getByLabel("Title").fill(tricky);
  await page.getByLabel("Summary").fill("Tables of six, <b>bring</b> your own pens & pencils.");
  await page.getByTestId("rich-text-editor").click();
  await page.keyboard.type("Doors open at 7pm.");
  await page.getByLabel("Author").fill("Raj Patel");
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Save Post" }).click();
  await expect(page).toHaveURL(/\/admin\/news$/);

  const response = await page.request.get("/news/feed.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/atom+xml");
  const xml = await response.text();
  const parsed = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "application/xml");
    if (doc.querySelector("parsererror")) return { error: doc.querySelector("parsererror")!.textContent };
    const root = doc.documentElement;
    // An element of type "html" holds HTML: what a reader shows is that HTML's text.
    const shown = (el: Element | undefined) => {
      if (!el) return null;
      if (el.getAttribute("type") !== "html") return el.textContent;
      return new DOMParser().parseFromString(el.textContent ?? "", "text/html").body.textContent;
    };
    const entries = [...root.getElementsByTagName("entry")].map((e) => ({
      title: shown(e.getElementsByTagName("title")[0]),
      id: e.getElementsByTagName("id")[0]?.textContent,
      link: e.getElementsByTagName("link")[0]?.getAttribute("href"),
      updated: e.getElementsByTagName("updated")[0]?.textContent,
      summary: shown(e.getElementsByTagName("summary")[0]),
      content: e.getElementsByTagName("content")[0]?.textContent,
    }));
    return { root: root.localName, ns: root.namespaceURI, feedTitle: root.getElementsByTagName("title")[0]?.textContent, entries };
  }, xml);
  expect(parsed).not.toHaveProperty("error");
  expect(parsed.root).toBe("feed");
  expect(parsed.ns).toBe("http://www.w3.org/2005/Atom");
  const entry = parsed.entries!.find((e) => e.title === tricky);
  expect(entry).toBeDefined();
  expect(entry!.summary).toBe("Tables of six, <b>bring</b> your own pens & pencils.");
  expect(entry!.content).toContain("Doors open at 7pm.");
  expect(entry!.link).toMatch(/^https?:\/\/.+\/news\/fish-and-chips-quiz-night-/);
  for (const e of parsed.entries!) {
    expect(e.id).toBeTruthy();
    expect(new Date(e.updated!).getTime()).not.toBeNaN();
  }
  // The page title is text too, never markup.
  await page.goto(entry!.link!.replace(/^https?:\/\/[^/]+/, ""));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tricky);
});

test("without JavaScript staff save the body as HTML, and nothing that runs reaches the page", async ({ browser, page, signInAs }) => {
  await signInAs("editor");
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(await page.context().cookies());
  const noJs = await context.newPage();
  await noJs.goto("/admin/news/new");
  const noJsTitle = `Plain HTML post ${run}`;
  await noJs.getByLabel("Title").fill(noJsTitle);
  await noJs.getByLabel("Summary").fill("Written in the plain field, without the editor.");
  await noJs.getByLabel("Story").fill(
    '<h2>Safe heading</h2><p onmouseover="alert(1)">Hello <a href="javascript:alert(1)">there</a></p><script>window.pwned=1</script>' +
      '<img src="https://evil.example/x.png" onerror="window.pwned=2"><iframe src="https://evil.example"></iframe>',
  );
  await noJs.getByLabel("Author").fill("Sophie Turner");
  await noJs.getByLabel("Status").selectOption("published");
  await noJs.getByRole("button", { name: "Save Post" }).click();
  await expect(noJs).toHaveURL(/\/admin\/news$/);
  await context.close();

  const visitor = await browser.newPage();
  const errors: string[] = [];
  visitor.on("dialog", (d) => {
    errors.push(d.message());
    void d.dismiss();
  });
  await visitor.goto("/news/plain-html-post-" + run);
  await expect(visitor.getByRole("heading", { level: 2, name: "Safe heading" })).toBeVisible();
  const body = await visitor.getByRole("article").innerHTML();
  expect(body).not.toMatch(/<script|<iframe|onmouseover|onerror|javascript:|evil\.example/i);
  await visitor.getByText("Hello").hover();
  expect(await visitor.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  expect(errors).toEqual([]);
  await visitor.close();
});

test("a draft is previewed by staff only; visitors and accounts without a role are refused", async ({ page, signInAs, browser }) => {
  await signInAs("editor");
  await page.goto("/admin/news/new");
  const draftTitle = `Secret draft ${run}`;
  await page.getByLabel("Title").fill(draftTitle);
  await page.getByLabel("Summary").fill("Not ready for visitors yet, still checking facts.");
  await page.getByTestId("rich-text-editor").click();
  await page.keyboard.type("Embargoed until the trustees agree.");
  await page.getByLabel("Author").fill("Margaret Ellison");
  await page.getByRole("button", { name: "Save Post" }).click();
  const row = page.getByTestId("admin-news-post").filter({ hasText: draftTitle });
  await expect(row).toContainText("Draft");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await row.getByRole("link", { name: `Edit ${draftTitle}` }).click();
  await expect(page.getByRole("link", { name: /Preview the saved version/ })).toHaveAttribute("href", /\/admin\/news\/preview\/\d+$/);
  await page.goto("/admin/news");
  await row.getByRole("link", { name: `Preview ${draftTitle}` }).click();
  await expect(page.getByTestId("preview-banner")).toContainText("This is a draft");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await expect(page.getByRole("heading", { level: 1, name: draftTitle })).toBeVisible();
  await expect(page.getByText("Embargoed until the trustees agree.")).toBeVisible();
  const previewPath = new URL(page.url()).pathname;

  // A visitor: sent to sign in, never shown the draft; its public address does not exist.
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  const answer = await anonymous.goto(previewPath);
  await expect(anonymous).toHaveURL(/\/admin\/login/);
  expect(await answer!.text()).not.toContain("Embargoed");
  const publicAnswer = await anonymous.goto(`/news/secret-draft-${run}`);
  expect(publicAnswer!.status()).toBe(404);
  await anonymous.goto("/news");
  await expect(anonymous.getByText(draftTitle)).toHaveCount(0);
  await visitor.close();

  // A signed-in account without a staff role: no access, no draft.
  const noRoleContext = await browser.newContext();
  const noRole = await noRoleContext.newPage();
  const account = await createSignedInAccount({ role: null });
  await noRoleContext.addCookies([{ name: account.cookie.name, value: account.cookie.value, url: test.info().project.use.baseURL!, httpOnly: true, sameSite: "Lax" }]);
  const refused = await noRole.goto(previewPath);
  expect(refused!.status()).toBe(403);
  expect(await refused!.text()).not.toContain("Embargoed");
  await noRoleContext.close();
});

test("a scheduled post appears on its own at its time, past the page cache", async ({ page, signInAs, browser }) => {
  test.setTimeout(150_000);
  await signInAs("editor");
  // The publish field has minutes: aim for the next minute that is at least 25 s away.
  const due = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000);
  const scheduledTitle = `Scheduled announcement ${run}`;
  await page.goto("/admin/news/new");
  await page.getByLabel("Title").fill(scheduledTitle);
  await page.getByLabel("Summary").fill("This post waits for its publish time.");
  await page.getByTestId("rich-text-editor").click();
  await page.keyboard.type("Now you can read it.");
  await page.getByLabel("Author").fill("Raj Patel");
  await page.getByLabel("Status").selectOption("published");
  await page.getByLabel("Publish time (UK time)").fill(ukDateTimeInput(due));
  await page.getByRole("button", { name: "Save Post" }).click();
  await expect(page.getByTestId("admin-news-post").filter({ hasText: scheduledTitle })).toContainText("Scheduled");

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const postPath = `/news/scheduled-announcement-${run}`;
  // Shortly before the time, visitors' pages (now in the page cache) do not show it.
  await visitor.waitForTimeout(Math.max(0, due.getTime() - Date.now() - 12_000));
  await visitor.goto("/news");
  await expect(visitor.getByText(scheduledTitle)).toHaveCount(0);
  await visitor.goto("/");
  await expect(visitor.getByText(scheduledTitle)).toHaveCount(0);
  expect((await visitor.goto(postPath))!.status()).toBe(404);
  expect(Date.now(), "the checks above ran before the publish time").toBeLessThan(due.getTime());

  // A few seconds after it, with nobody touching anything, it is there (well within the cache's 60 s).
  await visitor.waitForTimeout(Math.max(0, due.getTime() - Date.now() + 3_000));
  await visitor.goto("/news");
  await expect(visitor.getByRole("link", { name: scheduledTitle })).toBeVisible();
  await visitor.goto("/");
  await expect(visitor.getByTestId("home-news").getByRole("link", { name: scheduledTitle })).toBeVisible();
  expect((await visitor.goto(postPath))!.status()).toBe(200);
  await expect(visitor.getByText("Now you can read it.")).toBeVisible();
  await visitorContext.close();
});

for (const width of [390, 1280]) {
  test(`screenshots of the news pages at ${width} px`, async ({ browser, signInAs, page }) => {
    await signInAs("editor");
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const shots = await context.newPage();
    await shots.goto("/news");
    await shots.screenshot({ path: test.info().outputPath(`news-${width}.png`), fullPage: true });
    await shots.goto(`/news/${slug}`);
    await shots.screenshot({ path: test.info().outputPath(`news-post-${width}.png`), fullPage: true });
    const overflow = await shots.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.addCookies(await page.context().cookies());
    await shots.setViewportSize({ width, height: 900 });
    await shots.goto("/admin/news");
    await shots.screenshot({ path: test.info().outputPath(`admin-news-${width}.png`), fullPage: true });
    await shots.goto("/admin/news/new");
    await shots.getByTestId("rich-text-editor").waitFor();
    await shots.screenshot({ path: test.info().outputPath(`admin-news-form-${width}.png`), fullPage: true });
    await shots.goto("/");
    await shots.locator("#latest-news").screenshot({ path: test.info().outputPath(`home-news-${width}.png`) });
    await context.close();
  });
}
