/**
 * Waitlists and series, end to end, on a server of its own with mail at an SMTP catcher
 * and Stripe at the double, on a 390 px phone and a 1280 px screen:
 * - a visitor joins a sold-out event's waitlist; a booking is cancelled; the offer email
 *   arrives and its link books the held places;
 * - staff repeat an event weekly, the events page shows it once with its next dates, and
 *   staff cancel one date with a booking, which is emailed.
 */
// Not ./fixtures.ts: this spec opens its own database in the test process.
import { expect, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { bookings } from "../../app/features/bookings/table.ts";
import { waitlistEntries } from "../../app/features/waitlist/table.ts";
import { hashToken } from "../../app/lib/tokens.server.ts";
import { openSitePage, signInAdministrator, startGivingSite, waitForMail, type GivingSite } from "./giving-server.ts";

test.describe.configure({ mode: "serial", timeout: 90_000 });

let site: GivingSite;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  site = await startGivingSite();
});
// eslint-disable-next-line no-empty-pattern
test.afterAll(async ({}, testInfo) => {
  if (site) await testInfo.attach("server output", { body: site.server.output(), contentType: "text/plain" });
  await site?.stop();
});

let counter = 0;
const unique = () => `${Date.now()}-${++counter}`;

async function event(values: Partial<typeof events.$inferInsert>) {
  const [row] = await getDb()
    .insert(events)
    .values({ title: `Event ${unique()}`, date: "2030-05-10", time: "19:00", description: "A test event for the journey.", location: "Millbrook Town Hall", category: "fundraiser", booking_mode: "free", tickets_available: 2, ...values })
    .returning();
  return row;
}

/** A confirmed booking with a link we know (as its confirmation email would carry). */
async function bookingWithLink(eventId: number, name: string, quantity: number) {
  const token = `tok${unique().replace(/\D/g, "")}abcdefghijklmnop`;
  const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  const reference = `MCF-JRNY-${Array.from({ length: 4 }, () => letters[Math.floor(Math.random() * letters.length)]).join("")}`;
  await getDb().insert(bookings).values({ reference, event_id: eventId, name, email: `${name.toLowerCase().replace(/\s/g, ".")}-${unique()}@example.org`, quantity, status: "confirmed", confirmed_at: new Date(), cancel_token_hash: hashToken(token) });
  return { reference, token };
}

for (const width of [390, 1280]) {
  test(`${width} px: joining a waitlist, then booking from the offer email`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const shot = (name: string) => testInfo.outputPath(`${name}-${width}.png`);
    const quiz = await event({ title: `Sold-out Quiz ${width}` });
    const held = await bookingWithLink(quiz.id, "Early Bird", 2);

    await openSitePage(page, `${site.origin}/events/${quiz.id}`);
    const box = page.getByRole("region", { name: "Tickets" });
    await expect(box.getByRole("status")).toHaveText("Sold out");
    const form = box.getByRole("form", { name: "Join the waitlist" });
    const email = `waiting-${unique()}@example.org`;
    await form.getByLabel("Your name").fill("Wendy Waiting");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Places wanted").selectOption("2");
    await expect(form.getByRole("checkbox")).not.toBeChecked();
    await box.screenshot({ path: shot("waitlist-form") });
    await form.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(box.getByTestId("waitlist-joined")).toContainText("You are number 1 in line");
    await expect(box.getByTestId("waitlist-joined")).toContainText(email);
    await box.screenshot({ path: shot("waitlist-joined") });

    // The booking is cancelled: the places go to Wendy, by email.
    await openSitePage(page, `${site.origin}/bookings/${held.reference}/${held.token}`);
    await page.getByLabel("Yes, I want to cancel this booking").check();
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByText("Your booking is cancelled")).toBeVisible();
    const [offer] = await waitForMail(site, email);
    expect(offer.subject).toBe(`Places for Sold-out Quiz ${width} are yours to book`);
    expect(offer.text).toContain("We are holding 2 places for you until");
    const link = /http:\/\/localhost:\d+\/waitlist\/\S+/.exec(offer.text)![0];

    // Nobody else can book the held places meanwhile.
    await openSitePage(page, `${site.origin}/events/${quiz.id}`);
    await expect(box.getByRole("status").first()).toHaveText("Sold out");

    await openSitePage(page, link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Sold-out Quiz ${width}`);
    await expect(page.getByText("we are holding 2 places for you until")).toBeVisible();
    await page.screenshot({ path: shot("waitlist-offer"), fullPage: true });
    await page.getByRole("button", { name: "Book these places" }).click();
    await expect(page).toHaveURL(/\/bookings\/MCF-/);
    await expect(page.getByText("Wendy Waiting").first()).toBeVisible();
    const [booked] = await getDb().select().from(bookings).where(eq(bookings.email, email));
    expect(booked).toMatchObject({ status: "confirmed", quantity: 2 });
    await page.screenshot({ path: shot("waitlist-booked"), fullPage: true });
    // The link does not book twice.
    await openSitePage(page, link);
    await expect(page.getByText("These places are booked.")).toBeVisible();
  });

  test(`${width} px: staff create a weekly series and cancel one date`, async ({ page, context }, testInfo) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const shot = (name: string) => testInfo.outputPath(`${name}-${width}.png`);
    await signInAdministrator(context, site.origin);
    const title = `Tuesday Knit and Natter ${width}`;
    const first = await event({ title, date: "2030-09-03", time: "14:00", tickets_available: 20, category: "social" });

    await openSitePage(page, `${site.origin}/admin/events/${first.id}/dates`);
    await page.getByLabel("Repeats").selectOption("weekly");
    // Refused: a last date before the event's own; the message stands by the field and nothing is created.
    await page.getByLabel("On a date").check();
    await page.getByLabel("Last date", { exact: true }).fill("2030-09-01");
    await page.getByRole("button", { name: "Create the series" }).click();
    await expect(page.locator("#until-error")).toHaveText("The last date must be after this event's date");
    await expect(page.getByTestId("series-date")).toHaveCount(0);
    await page.getByLabel("Repeats").selectOption("weekly");
    await page.getByLabel("After a number of dates").check();
    await page.getByLabel("Number of dates", { exact: true }).fill("6");
    await page.screenshot({ path: shot("series-repeat-form"), fullPage: true });
    await page.getByRole("button", { name: "Create the series" }).click();
    await expect(page.getByText("Series created: 6 dates")).toBeVisible();
    await expect(page.getByTestId("series-rule")).toContainText("Every week on Tuesday: 6 dates");
    await expect(page.getByTestId("series-date")).toHaveCount(6);
    await page.screenshot({ path: shot("series-dates"), fullPage: true });

    // The events page: one card, with its next dates.
    await openSitePage(page, `${site.origin}/events?tab=social`);
    const cards = page.getByRole("article").filter({ hasText: title });
    await expect(cards).toHaveCount(1);
    await expect(cards.getByTestId("later-dates")).toHaveText("Also on Tue 10 Sept, Tue 17 Sept, Tue 24 Sept and more dates");
    await cards.screenshot({ path: shot("series-card") });

    // Someone books the third date; staff cancel it.
    const third = (await getDb().select().from(events).where(eq(events.series_id, (await getDb().select().from(events).where(eq(events.id, first.id)))[0].series_id!))).find((e) => e.date === "2030-09-17")!;
    const email = `knitter-${unique()}@example.org`;
    await getDb().insert(bookings).values({ reference: `MCF-KNIT-${width === 390 ? "AAAA" : "BBBB"}`, event_id: third.id, name: "Kit Knitter", email, quantity: 3, status: "confirmed", confirmed_at: new Date(), cancel_token_hash: hashToken(`knit-${unique()}`) });
    await openSitePage(page, `${site.origin}/admin/events/${first.id}/dates`);
    await page.getByRole("link", { name: /Cancel date 17 Sep 2030/ }).click();
    await expect(page.getByRole("alertdialog")).toContainText(`Cancel ${title} on`);
    await expect(page.getByTestId("cancel-counts")).toContainText("1 booking (3 places) will be cancelled");
    await page.screenshot({ path: shot("series-cancel-confirm"), fullPage: true });
    await page.getByRole("button", { name: "Yes, cancel this date" }).click();
    await expect(page.getByText("The date is cancelled and off the website: 1 free booking cancelled, and everyone booked has been emailed.")).toBeVisible();
    const [notice] = await waitForMail(site, email);
    expect(notice.subject).toBe(`Cancelled: ${title} on Tuesday 17 September 2030`);
    const [row] = await getDb().select().from(bookings).where(eq(bookings.email, email));
    expect(row.status).toBe("cancelled");
    await openSitePage(page, `${site.origin}/events/${third.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Event Not Found");
  });
}

test("the sample content: the coffee mornings shown once, the barn dance sold out with its waitlist", async ({ page, context }, testInfo) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await openSitePage(page, `${site.origin}/events`);
    const coffee = page.getByRole("article").filter({ hasText: "Thursday Coffee Morning" });
    await expect(coffee).toHaveCount(1);
    await expect(coffee.getByTestId("later-dates")).toContainText(/^Also on Thu \d+ \w+, Thu \d+ \w+, Thu \d+ \w+ and more dates$/);
    await page.screenshot({ path: testInfo.outputPath(`sample-events-${width}.png`), fullPage: true });
    await page.getByRole("article").filter({ hasText: "Spring Barn Dance" }).getByRole("link", { name: /View Details/ }).click();
    await expect(page.getByRole("region", { name: "Tickets" }).getByRole("status")).toHaveText("Sold out");
    await expect(page.getByRole("form", { name: "Join the waitlist" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`sample-barn-dance-${width}.png`), fullPage: true });
  }
  await signInAdministrator(context, site.origin);
  const [dance] = await getDb().select().from(events).where(eq(events.title, "Spring Barn Dance"));
  await openSitePage(page, `${site.origin}/admin/events/${dance.id}/waitlist`);
  await expect(page.getByTestId("waitlist-row")).toHaveCount(3);
  await expect(page.getByTestId("waitlist-summary")).toContainText("0 of 24 places free.");
  await page.screenshot({ path: testInfo.outputPath("sample-waitlist-admin-1280.png"), fullPage: true });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the waitlist form and the offer page are plain forms the server answers", async ({ page }) => {
    const dance = await event({ title: `No-script Dance ${unique()}` });
    const held = await bookingWithLink(dance.id, "Early Dancer", 2);
    await page.goto(`${site.origin}/events/${dance.id}`);
    const form = page.getByRole("form", { name: "Join the waitlist" });
    const email = `noscript-${unique()}@example.org`;
    // A refused request: the form's message and the field's, what was typed kept, no one on the list.
    await form.getByLabel("Your name").fill("Nadia at www.example.org");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Places wanted").selectOption("2");
    await form.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please check the details below.");
    await expect(form.getByText("Please enter just your name, without a web address")).toBeVisible();
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(form.getByLabel("Places wanted")).toHaveValue("2");
    expect(await getDb().select().from(waitlistEntries).where(eq(waitlistEntries.email, email))).toHaveLength(0);

    await form.getByLabel("Your name").fill("Nadia No-Script");
    await form.getByLabel("Places wanted").selectOption("1");
    await form.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(page.getByTestId("waitlist-joined")).toContainText("You are number 1 in line");
    // The same address again: the form says so and nothing changes.
    await page.goto(`${site.origin}/events/${dance.id}`);
    await form.getByLabel("Your name").fill("Nadia No-Script");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(form.getByRole("alert")).toHaveText("You are already on the waitlist for this event. We will email you if places come up.");
    expect(await getDb().select().from(waitlistEntries).where(eq(waitlistEntries.email, email))).toHaveLength(1);

    await page.goto(`${site.origin}/bookings/${held.reference}/${held.token}`);
    await page.getByLabel("Yes, I want to cancel this booking").check();
    await page.getByRole("button", { name: "Cancel booking" }).click();
    const [offer] = await waitForMail(site, email);
    await page.goto(/http:\/\/localhost:\d+\/waitlist\/\S+/.exec(offer.text)![0]);
    await page.getByRole("button", { name: "Book these places" }).click();
    await expect(page).toHaveURL(/\/bookings\/MCF-/);
    const [booked] = await getDb().select().from(bookings).where(eq(bookings.email, email));
    expect(booked).toMatchObject({ status: "confirmed", quantity: 1 });
  });
});
