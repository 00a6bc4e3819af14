import type { Page } from "@playwright/test";
// The fixtures' page.goto waits for hydration: the scripts start after the first paint,
// which can be after the load event (docs/decisions/132).
import { expect, test } from "./fixtures.ts";
import { sampleEvents } from "../../app/features/events/sample-events.ts";
import { formatLongDate } from "../../app/components/site/format.ts";

function collectDialogs(page: Page) {
  const messages: string[] = [];
  page.on("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** The sample content's upcoming events. */
const SAMPLE_UPCOMING = /Millbrook Charity Gala Dinner|Big Community Quiz Night|Millbrook Summer Fair/;

test.describe("tabs", () => {
  test("event category tabs filter the list, keep the choice in the URL and open from a shared link", async ({ page }) => {
    await page.goto("/events");
    const tabs = page.getByRole("tablist", { name: "Event categories" });
    // The spec's four, then any other category with an upcoming event (the sample Repair Café is a workshop).
    await expect(tabs.getByRole("tab")).toHaveText(["All events", "Fundraiser", "Social", "Community", "Family", "Workshop"]);
    const panel = page.getByRole("tabpanel");
    // Only the sample events count here: other tests sharing this server add their own.
    await expect(panel.getByRole("article").filter({ hasText: SAMPLE_UPCOMING })).toHaveCount(3);

    await tabs.getByRole("tab", { name: "Family" }).click();
    await expect(page).toHaveURL(/\?tab=family$/);
    await expect(tabs.getByRole("tab", { name: "Family" })).toHaveAttribute("aria-selected", "true");
    await expect(panel.getByRole("heading", { level: 3 }).filter({ hasText: SAMPLE_UPCOMING })).toHaveText(["Millbrook Summer Fair"]);

    await tabs.getByRole("tab", { name: "Community" }).click();
    await expect(panel).toContainText("No events found for this category. Please check back later.");

    // Arrow keys move between tabs (WAI-ARIA tabs pattern).
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.getByRole("tab", { name: "Social" })).toBeFocused();
    await expect(page).toHaveURL(/\?tab=social$/);
    await expect(panel.getByRole("heading", { level: 3 }).filter({ hasText: SAMPLE_UPCOMING })).toHaveText(["Big Community Quiz Night"]);

    // A shared link opens the right tab, rendered by the server.
    const response = await page.request.get("/events?tab=fundraiser");
    const html = await response.text();
    expect(html).toMatch(/aria-selected="true"[^>]*>Fundraiser<|>Fundraiser<\/a>/);
    expect(html).toContain("Millbrook Charity Gala Dinner");
    expect(html).not.toContain("Big Community Quiz Night</h3>");
  });

  test("past events show three finished events", async ({ page }) => {
    await page.goto("/events");
    const past = page.getByRole("region", { name: "Past events" });
    await expect(past.getByRole("article")).toHaveCount(3);
    await expect(past).toContainText("Autumn Family Fun Day");
  });

  test("craft fair tabs: upcoming details, past gallery and testimonials, apply form", async ({ page }) => {
    await page.goto("/craft-fairs");
    const panel = page.getByRole("tabpanel");
    // The sample fairs (other tests sharing this server add their own).
    await expect(panel.getByRole("heading", { level: 2 }).filter({ hasText: /^(Christmas Craft Fair|Spring Makers Market)$/ })).toHaveText([
      "Christmas Craft Fair",
      "Spring Makers Market",
    ]);
    await expect(panel).toContainText("Stalls available");
    await expect(panel).toContainText("Application deadline");
    await page.getByRole("tab", { name: "Past Fairs" }).click();
    await expect(page).toHaveURL(/\?tab=past$/);
    await expect(panel).toContainText("About 650 visitors");
    await expect(panel).toContainText("38 stallholders");
    await expect(panel.getByRole("heading", { name: "Gallery" })).toBeVisible();
    await expect(panel.getByRole("heading", { name: "What stallholders say" })).toBeVisible();
    await page.getByRole("tab", { name: "Apply for a Stall" }).click();
    await expect(panel).toContainText("£30");
    await expect(panel).toContainText("£45");
    await expect(panel).toContainText("£5 extra");
    await expect(panel.getByRole("heading", { name: "Stall application form" })).toBeVisible();

    await page.goto("/craft-fairs?tab=past");
    await expect(page.getByRole("tab", { name: "Past Fairs" })).toHaveAttribute("aria-selected", "true");
  });

  test("awards tabs: about, the five categories, past winners and the nomination form", async ({ page }) => {
    await page.goto("/awards");
    await expect(page.getByRole("tabpanel")).toContainText("Nominations close");
    await page.getByRole("tab", { name: "Categories" }).click();
    await expect(page.getByRole("tabpanel").getByRole("heading", { level: 2 })).toHaveText([
      "Charity of the Year",
      "Volunteer of the Year",
      "Community Team of the Year",
      "Citizen of the Year",
      "Young Citizen of the Year",
    ]);
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(/\?tab=winners$/);
    // The sample years, newest first (other tests sharing this server may add a later year).
    await expect(page.getByRole("tabpanel").getByRole("heading", { level: 2 }).filter({ hasText: /^202[45] winners$/ })).toHaveText([
      "2025 winners",
      "2024 winners",
    ]);
    await page.keyboard.press("End");
    await expect(page.getByRole("tab", { name: "Nominate" })).toBeFocused();
    await expect(page.getByRole("heading", { name: "Make a nomination" })).toBeVisible();
  });
});

test.describe("event page", () => {
  test("shows details, paragraphs and an address, and the ticket box adds up with two decimals", async ({ page }) => {
    const dialogs = collectDialogs(page);
    await page.goto("/events/1");
    await expect(page.getByRole("link", { name: "Back to Events" })).toHaveAttribute("href", "/events");
    const details = page.getByTestId("event-facts");
    // The sample gala is dated from the day the site was installed (the test server's start).
    await expect(details).toContainText(formatLongDate(sampleEvents().find((e) => e.id === 1)!.date));
    await expect(details).toContainText("7pm");
    await expect(details).toContainText("Millbrook Town Hall");
    await expect(details).toContainText("7pm to 11:30pm");
    const about = page.getByRole("main").locator("article").first();
    await expect(about).toContainText("Town Hall, High Street, Millbrook MB4 1AA");
    await expect(about.locator("h2 + div > p")).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Contact Organiser" })).toHaveAttribute("href", /^mailto:info@millbrookfoundation\.org\.uk\?subject=/);

    // No online booking: the price and how to get tickets, and nothing that pretends to sell.
    const tickets = page.getByRole("region", { name: "Tickets" });
    await expect(tickets.getByTestId("ticket-price")).toHaveText("£75");
    await expect(tickets.getByTestId("ticket-info")).toHaveText(sampleEvents().find((e) => e.id === 1)!.ticket_info!);
    await expect(tickets.getByLabel("Quantity")).toHaveCount(0);
    await expect(tickets.getByRole("button")).toHaveCount(0);
    await expect(tickets.getByRole("link", { name: "Add to calendar" })).toBeVisible();
    expect(dialogs).toEqual([]);

    // Up to three of the next events, never this one (other tests on this server add events of their own).
    const others = page.getByRole("region", { name: "Other events you might enjoy" }).getByRole("article");
    await expect(others.first()).toBeVisible();
    expect(await others.count()).toBeLessThanOrEqual(3);
    await expect(others.filter({ hasText: "Millbrook Charity Gala Dinner" })).toHaveCount(0);
  });

  test("the sample events show each booking mode: free booking, paid tickets and pay on the gate", async ({ page }) => {
    const tickets = page.getByRole("region", { name: "Tickets" });
    await page.goto("/events/7");
    await expect(tickets.getByTestId("ticket-price")).toHaveText("Free");
    await expect(tickets.getByRole("button", { name: "Book free tickets" })).toBeVisible();
    await page.goto("/events/3");
    await expect(tickets.getByTestId("ticket-price")).toHaveText("From £7.00");
    await page.goto("/events/2");
    await expect(tickets.getByTestId("ticket-price")).toHaveText("£5");
    await expect(tickets.getByTestId("ticket-info")).toHaveText("Pay on the gate. Children under 5 go free.");
    await expect(tickets.getByRole("button")).toHaveCount(0);
  });

  test("cards take the price from the booking settings", async ({ page }) => {
    await page.goto("/events");
    const card = (title: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) }).getByTestId("event-card-price");
    // Paid tickets at £10 with no free-text price: £10, never "Free".
    await expect(card("Big Community Quiz Night")).toHaveText("£10");
    await expect(card("Millbrook Repair Café")).toHaveText("Free");
    await expect(card("Millbrook Summer Fair")).toHaveText("£5");
  });

  test("free past events have no purchase button", async ({ page }) => {
    await page.goto("/events/4");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Riverside Litter Pick");
    await expect(page.getByRole("button", { name: "Purchase Tickets" })).toHaveCount(0);
    await expect(page.getByText("This event has finished")).toBeVisible();
  });

  test("the share button shares or copies the link", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const dialogs = collectDialogs(page);
    await page.goto("/events/3");
    await page.getByRole("button", { name: "Share" }).click();
    await expect
      .poll(async () => ((await page.getByRole("status").filter({ hasText: "Link copied" }).count()) > 0 ? "copied" : dialogs.length ? "alert" : ""))
      .not.toBe("");
  });

  test("a broken event image is replaced by the placeholder", async ({ page }) => {
    await page.route("**/images/events/quiz-night.svg", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/events/3");
    await expect(page.locator('img[src="/images/placeholder.svg"]').first()).toBeVisible();
  });

  test("a broken hero image on the home page swaps to the fallback", async ({ page }) => {
    await page.route("**/images/hero.svg", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/");
    await expect(page.locator('img[src="/images/hero-fallback.svg"]')).toBeVisible();
  });
});

test.describe("donation form", () => {
  test("without Stripe keys, the donation section says online giving is not switched on and shows the other ways to give", async ({ page }) => {
    await page.goto("/support#donate");
    const section = page.locator("#donate");
    await expect(section.getByRole("status")).toHaveText("Online giving is not switched on yet.");
    await expect(section.getByRole("heading", { name: "Other ways to give" })).toBeVisible();
    await expect(section).toContainText("You can give by bank transfer or by cheque");
    await expect(section.getByRole("button", { name: /Donate/ })).toHaveCount(0);
  });

  test("the support page has its anchors, help cards, roles, corporate email and five FAQs", async ({ page }) => {
    await page.goto("/support");
    await expect(page.locator("#donate")).toBeVisible();
    await expect(page.locator("#volunteer")).toBeVisible();
    await expect(page.getByRole("link", { name: "See what's on" })).toHaveAttribute("href", "/events");
    for (const role of ["Event Support", "Fundraising Team", "Community Outreach", "Administrative Support"]) {
      await expect(page.getByRole("heading", { name: role, level: 3 })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Email our partnerships team" })).toHaveAttribute("href", /^mailto:partnerships@millbrookfoundation\.org\.uk/);
    const faqs = page.locator("details");
    await expect(faqs).toHaveCount(5);
    await faqs.first().locator("summary").click();
    await expect(faqs.first()).toContainText("Three quarters (75%) of all we raise");
  });
});

test.describe("without a mail server", () => {
  test("a free booking's page says to keep it (nothing was emailed), names the venue and its address, and a cancelled booking offers no calendar", async ({ page }) => {
    await page.goto("/events/7");
    const tickets = page.getByRole("region", { name: "Tickets" });
    await tickets.getByLabel("Your name").fill("Ann Keep");
    await tickets.getByLabel("Email", { exact: true }).fill(`keep-${Date.now()}@example.org`);
    await tickets.getByRole("button", { name: "Book free tickets" }).click();
    await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();
    await expect(page.getByTestId("ticket-delivery")).toHaveText("Thank you, Ann Keep. Keep this page: it is your ticket and your way to cancel.");
    await expect(page.getByText(/emailed|emailing/)).toHaveCount(0);
    const place = page.getByTestId("booking-place");
    await expect(place).toContainText("Millbrook Library");
    await expect(place).toContainText("5 Queen's Road, Millbrook MB4 1HG");
    await expect(page.getByTestId("booking-details")).toContainText("10am to 1pm");
    await expect(page.getByRole("link", { name: "Add to calendar" })).toBeVisible();

    await page.getByLabel("Yes, I want to cancel this booking").check();
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your booking is cancelled" })).toBeVisible();
    await page.reload();
    await expect(page.getByText("This booking has been cancelled.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);
  });

  test("the donation thank-you page promises no receipt by email", async ({ page }) => {
    await page.goto("/support/thank-you?session_id=cs_unknown");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We could not find that donation");
    await expect(page.getByRole("main")).not.toContainText("will arrive by email");
    await expect(page.getByRole("main")).toContainText("please contact us for a receipt");
  });
});
