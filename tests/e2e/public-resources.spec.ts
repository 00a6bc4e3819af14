import { expect, test } from "./fixtures.ts";
import { sampleEvents } from "../../app/features/events/sample-events.ts";

/** A sample event's date: the samples are dated from the day the test server was installed. */
const sampleDate = (id: number) => sampleEvents().find((e) => e.id === id)!.date;

test("sitemap.xml lists the public pages, the legal pages and events", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  for (const path of ["/", "/about", "/community-fund", "/events", "/craft-fairs", "/awards", "/trustees", "/causes", "/appeals", "/volunteer", "/support", "/news", "/newsletter", "/newsletters", "/privacy", "/privacy/concern", "/privacy/visitor-counting", "/terms/volunteers", "/terms/stallholders", "/accessibility", "/cookies", "/events/1", "/events/2", "/events/3"]) {
    expect(xml).toMatch(new RegExp(`<loc>http://localhost:\\d+${path.replace(/\//g, "\\/")}</loc>`));
  }
  expect(xml).not.toContain("/admin");
});

test("robots.txt keeps crawlers out of /admin and points at the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toContain("Disallow: /admin");
  expect(text).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
});

test("each event offers an Add to calendar .ics download", async ({ page, request }) => {
  await page.goto("/events/2");
  await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", "/events/2/calendar.ics");
  const response = await request.get("/events/2/calendar.ics");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/calendar");
  expect(response.headers()["content-disposition"]).toContain('filename="millbrook-summer-fair.ics"');
  const ics = await response.text();
  expect(ics).toContain("SUMMARY:Millbrook Summer Fair");
  expect(ics).toContain(`DTSTART;TZID=Europe/London:${sampleDate(2).replaceAll("-", "")}T110000`);
  expect((await request.get("/events/9999/calendar.ics")).status()).toBe(404);
});

test("event pages carry schema.org Event JSON-LD", async ({ page }) => {
  await page.goto("/events/1");
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const data = JSON.parse(json ?? "{}");
  expect(data).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Event",
    name: "Millbrook Charity Gala Dinner",
    startDate: `${sampleDate(1)}T19:00`,
    location: { "@type": "Place", name: "Millbrook Town Hall" },
    offers: { "@type": "Offer", price: "75.00", priceCurrency: "GBP" },
  });
});

test("public files are served (favicon, images, annual reports); a missing one is a 404", async ({ request }) => {
  for (const [path, type] of [
    ["/favicon.svg", "image/svg+xml"],
    ["/favicon.ico", "image/vnd.microsoft.icon"],
    ["/images/hero.svg", "image/svg+xml"],
    ["/reports/annual-report-2024.pdf", "application/pdf"],
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"]).toContain(type);
    expect((await response.body()).length).toBeGreaterThan(100);
  }
  expect((await request.get("/reports/no-such-report.pdf")).status()).toBe(404);
});
