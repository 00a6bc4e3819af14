/**
 * The fixed words of every public page are page texts: for each page, an editor changes one
 * text on its screen under Page texts and the public page shows it; the built-in words are
 * put back afterwards (other tests share this server). The texts chosen here are ones no
 * other test reads.
 */
import { expect, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);

const PAGES = [
  { page: "support", title: "Support page", group: "Corporate support", label: "Text", path: "/support" },
  { page: "trustees", title: "Trustees page", group: "Annual reports", label: "Introduction", path: "/trustees" },
  { page: "craft-fairs", title: "Craft Fairs page", group: "Past fairs", label: "Stallholder 1: words", path: "/craft-fairs?tab=past" },
  { page: "events", title: "Events page", group: "Hosting an event", label: "Text", path: "/events" },
  { page: "news", title: "News page", group: "Introduction", label: "Introduction", path: "/news" },
  { page: "awards", title: "Awards page", group: "About the awards", label: "First paragraph", path: "/awards" },
  { page: "causes", title: "Causes page", group: "Know a cause", label: "Text", path: "/causes" },
  { page: "community-fund", title: "Community Fund page", group: "Applying", label: "Text", path: "/community-fund" },
  { page: "about", title: "About page", group: "Trustees", label: "Text", path: "/about" },
  { page: "footer", title: "Footer", group: "Footer", label: "Giving text", path: "/events" },
] as const;

for (const { page: key, title, group, label, path } of PAGES) {
  test(`an editor changes a text of the ${title}; ${path} shows it`, async ({ page, signInAs, browser }) => {
    await signInAs("editor");
    await page.goto("/admin/pages");
    await page.getByRole("link", { name: `Edit the ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const field = page.getByRole("group", { name: group, exact: true }).getByLabel(label, { exact: false }).first();
    const builtIn = await field.inputValue();
    expect(builtIn.length).toBeGreaterThan(0);

    // Words as a visitor might type them, markup included: shown as text, never run.
    const words = `Fresh words for ${key} <b>${stamp}</b> & more`;
    await field.fill(words);
    await page.getByRole("button", { name: "Save Texts" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${title} saved` }).first()).toBeVisible();

    const visitor = await browser.newPage();
    try {
      await visitor.goto(path);
      await expect(visitor.getByText(words, { exact: false })).toBeVisible();
      await expect(visitor.getByText(builtIn, { exact: true })).toHaveCount(0);
      expect(await visitor.locator("b", { hasText: stamp }).count()).toBe(0);
    } finally {
      await page.goto(`/admin/pages/${key}`);
      await page.getByRole("group", { name: group, exact: true }).getByLabel(label, { exact: false }).first().fill(builtIn);
      await page.getByRole("button", { name: "Save Texts" }).click();
      await expect(page.getByRole("status").filter({ hasText: `${title} saved` }).first()).toBeVisible();
      await visitor.reload();
      await expect(visitor.getByText(builtIn, { exact: false }).first()).toBeVisible();
      await visitor.close();
    }
  });
}

test("the craft fair stallholders' words: an empty quote leaves that stallholder out", async ({ page, signInAs, browser }) => {
  await signInAs("editor");
  await page.goto("/admin/pages/craft-fairs");
  const past = page.getByRole("group", { name: "Past fairs", exact: true });
  const quote = past.getByLabel("Stallholder 2: words", { exact: false });
  const name = await past.getByLabel("Stallholder 2: name", { exact: false }).inputValue();
  const builtIn = await quote.inputValue();
  await quote.fill("");
  await page.getByRole("button", { name: "Save Texts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Craft Fairs page saved" }).first()).toBeVisible();
  const visitor = await browser.newPage();
  try {
    await visitor.goto("/craft-fairs?tab=past");
    const words = visitor.getByRole("tabpanel").locator("figure");
    await expect(words).toHaveCount(2);
    await expect(visitor.getByRole("tabpanel")).not.toContainText(name);
  } finally {
    await page.goto("/admin/pages/craft-fairs");
    await page.getByRole("group", { name: "Past fairs", exact: true }).getByLabel("Stallholder 2: words", { exact: false }).fill(builtIn);
    await page.getByRole("button", { name: "Save Texts" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Craft Fairs page saved" }).first()).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole("tabpanel").locator("figure")).toHaveCount(3);
    await visitor.close();
  }
});
