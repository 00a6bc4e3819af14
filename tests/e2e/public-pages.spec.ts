import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures.ts";

const PAGES = [
  { path: "/", h1: "Welcome to Millbrook Community Foundation", title: "Millbrook Community Foundation" },
  { path: "/about", h1: "A small charity with a big heart for Millbrook", title: "About Us | Millbrook Community Foundation" },
  { path: "/community-fund", h1: "Grants that keep Millbrook thriving", title: "Community Fund | Millbrook Community Foundation" },
  { path: "/events", h1: "Events for everyone in Millbrook", title: "Events | Millbrook Community Foundation" },
  { path: "/events/1", h1: "Millbrook Charity Gala Dinner", title: "Millbrook Charity Gala Dinner | Millbrook Community Foundation" },
  { path: "/craft-fairs", h1: "Handmade in Millbrook", title: "Craft Fairs | Millbrook Community Foundation" },
  { path: "/awards", h1: "Celebrating the people who make Millbrook special", title: "Community Awards | Millbrook Community Foundation" },
  { path: "/trustees", h1: "Our trustees", title: "Our Trustees | Millbrook Community Foundation" },
  { path: "/causes", h1: "Good causes, right on our doorstep", title: "Local Causes | Millbrook Community Foundation" },
  { path: "/support", h1: "Help Millbrook thrive", title: "Support Us | Millbrook Community Foundation" },
];

for (const p of PAGES) {
  test(`${p.path} renders with its title, description and Open Graph tags`, async ({ page }) => {
    const response = await page.goto(p.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.h1);
    await expect(page).toHaveTitle(p.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", p.title);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", new RegExp(`^http://localhost:\\d+${p.path.replace(/\//g, "\\/")}$`));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http:\/\/localhost:\d+\/images\/.+\.png$/);
  });
}

test("event lists send the browser only what their cards show", async ({ request }) => {
  for (const path of ["/", "/events"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain("ticket_price"); // the cards' data is there...
    // ...but not whole events, which would bring every long description and address.
    for (const field of ["long_description", "location_address", "organizer"]) expect(html, `${path}: ${field}`).not.toContain(field);
  }
});

test.describe("accessibility", () => {
  const scanned = [
    ...PAGES.map((p) => p.path),
    "/events?tab=family",
    "/craft-fairs?tab=past",
    "/craft-fairs?tab=apply",
    "/awards?tab=categories",
    "/awards?tab=winners",
    "/awards?tab=nominate",
    "/events/4",
    "/no-such-page",
    "/events/9999",
    // The rest of the sitemap.
    "/appeals",
    "/volunteer",
    "/news",
    "/news/community-garden-breaks-ground",
    "/newsletter",
    "/newsletters",
    "/privacy",
    "/privacy/concern",
    "/privacy/visitor-counting",
    "/terms/volunteers",
    "/terms/stallholders",
    "/accessibility",
    "/cookies",
  ];
  for (const path of scanned) {
    test(`axe finds no WCAG 2.2 AA violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState("load");
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }

  test("axe finds no violations in the open menu on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/support");
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("dialog", { name: "Site menu" })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});

test("an unknown path answers 404 with Page Not Found and a way home", async ({ page }) => {
  const response = await page.goto("/this/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await page.getByRole("main").getByRole("link", { name: "Return Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

for (const id of ["9999", "abc", "4294967296"]) {
  test(`/events/${id} answers 404 with Event Not Found`, async ({ page }) => {
    const response = await page.goto(`/events/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Event Not Found");
    await expect(page.getByText("The event you're looking for doesn't exist or has been removed.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Back to Events" })).toHaveAttribute("href", "/events");
  });
}
