/**
 * Ticket booking, end to end, on a server of its own with Stripe pointed at the local
 * double and mail at an SMTP catcher: a free booking with and without JavaScript, the
 * sample quiz night paid through Stripe Checkout (confirmed by the webhook), the
 * confirmation page and email (reference, ticket QR code, .ics), cancelling (free:
 * tickets released; paid: refunded), and sales closing 24 hours before the start, in the
 * page and on the server.
 */
import AxeBuilder from "@axe-core/playwright";
// Not ./fixtures.ts: this spec opens its own database in the test process (one per
// process, app/db/client.server.ts), so it must not share a worker with the fixtures' specs.
import { expect, test, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { donations, givingSettings } from "../../app/features/giving/table.ts";
import { bookings } from "../../app/features/bookings/table.ts";
import { bookingLines } from "../../app/features/event-tickets/table.ts";
import { openSitePage, startGivingSite, waitForMail, type GivingSite } from "./giving-server.ts";

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
const newEmail = (what: string) => `${what}-${Date.now()}-${++counter}@example.org`;

async function freeEvent(values: Partial<typeof events.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(events)
    .values({
      title: `Free Film Night ${++counter}`,
      date: "2030-05-10",
      time: "18:00",
      description: "A free film in the park.",
      location: "Millbrook Park",
      location_address: "Millbrook Park, Park Road, Millbrook MB4 4PA",
      // Not "community": the event tabs test expects that tab empty on the shared server.
      category: "fundraiser",
      booking_mode: "free",
      tickets_available: 10,
      ...values,
    })
    .returning();
  return row;
}

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function bookingsOf(email: string) {
  return getDb().select().from(bookings).where(eq(bookings.email, email));
}

function ticketBox(page: Page) {
  return page.getByRole("region", { name: "Tickets" });
}

async function fillBooking(page: Page, name: string, email: string, quantity: string) {
  const box = ticketBox(page);
  await box.getByLabel("Quantity").selectOption(quantity);
  // A paid order's details are its second step.
  const next = box.getByRole("button", { name: "Continue", exact: true });
  if (await next.isVisible()) await next.click();
  await box.getByLabel("Your name").fill(name);
  await box.getByLabel("Email", { exact: true }).fill(email);
}

/**
 * With mail on, a free booking waits for its emailed link: the box says so, the link
 * opens the booking page, and "Confirm my booking" confirms it.
 */
async function confirmThroughEmail(page: Page, email: string, goto: (url: string) => Promise<unknown>, shot?: (name: string) => string) {
  await expect(ticketBox(page).getByRole("status")).toContainText(`We are emailing a link to ${email}`);
  if (shot) await ticketBox(page).screenshot({ path: shot("ticket-box-check-email") });
  const [held] = await bookingsOf(email);
  expect(held.status).toBe("held");
  const [linkMail] = await waitForMail(site, email);
  expect(linkMail.subject).toMatch(/^Please confirm your booking for /);
  const link = /https?:\/\/\S+\/bookings\/\S+/.exec(linkMail.text)![0];
  await goto(link);
  await expect(page.getByRole("heading", { name: "Confirm your booking" })).toBeVisible();
  if (shot) await page.screenshot({ path: shot("confirm-your-booking"), fullPage: true });
  await page.getByRole("button", { name: "Confirm my booking" }).click();
}

test("a free booking with JavaScript: confirmed through the emailed link, with the ticket, the email and tickets released on cancelling", async ({ page }, testInfo) => {
  const event = await freeEvent();
  const email = newEmail("free-js");
  await openSitePage(page, `${site.origin}/events/${event.id}`);
  const box = ticketBox(page);
  await expect(box.getByTestId("ticket-price")).toHaveText("Free");
  await expect(box.getByTestId("tickets-left")).toHaveText("10 tickets left");
  await expect(box.getByLabel("Quantity").locator("option")).toHaveCount(10);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await box.screenshot({ path: testInfo.outputPath(`ticket-box-free-${width}.png`) });
  }
  expect(await axeViolations(page)).toEqual([]);

  await fillBooking(page, "Ann Smith", email, "2");
  await box.getByRole("button", { name: "Book free tickets" }).click();
  await page.setViewportSize({ width: 390, height: 900 });
  await confirmThroughEmail(page, email, (url) => openSitePage(page, url), (name) => testInfo.outputPath(`${name}-390.png`));

  await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();
  await expect(page).toHaveURL(/\/bookings\/MCF-[A-Z2-9]{4}-[A-Z2-9]{4}\/[\w-]{40,}$/);
  const [booking] = await bookingsOf(email);
  expect(booking).toMatchObject({ status: "confirmed", quantity: 2, amount_pence: 0, name: "Ann Smith" });
  const details = page.getByTestId("booking-details");
  await expect(details).toContainText(booking.reference);
  await expect(details).toContainText(event.title);
  await expect(details).toContainText("Friday 10 May 2030");
  await expect(details).toContainText("6pm");
  await expect(details).toContainText("Millbrook Park, Park Road");
  // This server has a mail server: the page says the ticket is on its way, and to keep the page too.
  await expect(page.getByTestId("ticket-delivery")).toContainText(`We are emailing your ticket to ${email}.`);
  await expect(page.getByTestId("ticket-qr")).toBeVisible();
  await expect(page.getByTestId("ticket-qr")).toHaveAttribute("aria-label", `QR code of booking reference ${booking.reference}`);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.screenshot({ path: testInfo.outputPath(`confirmation-${width}.png`), fullPage: true });
  }
  expect(await axeViolations(page)).toEqual([]);
  // The buyer's page is never kept by the page cache or the browser, nor indexed.
  for (let i = 0; i < 2; i++) {
    const response = await page.request.get(page.url(), { headers: { Cookie: "" } });
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(response.headers()["x-page-cache"]).not.toBe("hit");
    // The site's policy: other sites never see the address (and its token), only the origin.
    expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers()["x-robots-tag"]).toBe("noindex");
  }

  const mail = (await waitForMail(site, email, 2))[1];
  expect(mail.subject).toContain(booking.reference);
  expect(mail.text).toContain(`Booking reference: ${booking.reference}`);
  expect(mail.text).toContain("Date: Friday 10 May 2030");
  expect(mail.text).toContain("Time: 6pm");
  expect(mail.text).toContain("Tickets: 2");
  expect(mail.text).toContain("Amount: Free");
  expect(mail.text).toContain(`${site.origin}${new URL(page.url()).pathname}`);
  const files = Object.fromEntries(mail.attachments.map((a) => [a.filename, a]));
  expect(files["event.ics"].content).toContain("BEGIN:VEVENT");
  expect(files["event.ics"].content).toContain("DTSTART;TZID=Europe/London:20300510T180000");
  expect(files[`ticket-${booking.reference}.svg`].content).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);

  // Cancelling: the box must be ticked; then the tickets go back on sale.
  await page.getByRole("button", { name: "Cancel booking" }).click();
  expect((await bookingsOf(email))[0].status).toBe("confirmed");
  // A browser that lets the unticked box through: the server refuses it, at the top and under
  // the box, which is marked invalid and described by its message; nothing is cancelled.
  const cancelBox = page.getByRole("checkbox", { name: "Yes, I want to cancel this booking" });
  await cancelBox.evaluate((box) => box.removeAttribute("required"));
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please tick the box to confirm that you want to cancel.");
  await expect(cancelBox).toHaveAttribute("aria-invalid", "true");
  await expect(cancelBox).toHaveAccessibleDescription("Error: Please tick the box to confirm that you want to cancel.");
  expect((await bookingsOf(email))[0].status).toBe("confirmed");
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("booking-cancel-refused-390.png"), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  await cancelBox.check();
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your booking is cancelled and your tickets have been released." })).toBeVisible();
  expect((await bookingsOf(email))[0].status).toBe("cancelled");
  await openSitePage(page, `${site.origin}/events/${event.id}`);
  await expect(ticketBox(page).getByTestId("tickets-left")).toHaveText("10 tickets left");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a free booking: a mistake is shown and nothing booked, then the booking is confirmed", async ({ page }, testInfo) => {
    const event = await freeEvent({ tickets_available: 3 });
    const email = newEmail("free-nojs");
    await page.goto(`${site.origin}/events/${event.id}`);
    const box = ticketBox(page);
    // Capped by what is left.
    await expect(box.getByLabel("Quantity").locator("option")).toHaveText(["1 ticket", "2 tickets", "3 tickets"]);
    // Spaces pass the browser's "required" but not the server.
    await box.getByLabel("Your name").fill("   ");
    await box.getByLabel("Email", { exact: true }).fill(email);
    await box.getByLabel("Quantity").selectOption("3");
    await box.getByRole("button", { name: "Book free tickets" }).click();
    await expect(ticketBox(page).getByRole("alert")).toHaveText("Please check the details below.");
    await expect(ticketBox(page)).toContainText("Please enter your name");
    await expect(ticketBox(page).getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(ticketBox(page).getByLabel("Quantity")).toHaveValue("3");
    expect(await getDb().select().from(bookings).where(eq(bookings.event_id, event.id))).toHaveLength(0);

    await ticketBox(page).getByLabel("Your name").fill("Bob Jones");
    await ticketBox(page).getByRole("button", { name: "Book free tickets" }).click();
    await confirmThroughEmail(page, email, (url) => page.goto(url));
    await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();
    const [booking] = await bookingsOf(email);
    expect(booking).toMatchObject({ status: "confirmed", quantity: 3 });
    await expect(page.getByTestId("booking-details")).toContainText(booking.reference);

    const bookingUrl = page.url();

    // Now sold out.
    await page.goto(`${site.origin}/events/${event.id}`);
    await expect(ticketBox(page).getByRole("status")).toHaveText("Sold out");
    await expect(ticketBox(page).getByRole("button", { name: "Book free tickets" })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 800 });
    await ticketBox(page).screenshot({ path: testInfo.outputPath("ticket-box-sold-out-390.png") });

    // Cancelling works without JavaScript too, and the tickets are back on sale.
    await page.goto(bookingUrl);
    await page.getByRole("checkbox", { name: "Yes, I want to cancel this booking" }).check();
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your booking is cancelled and your tickets have been released." })).toBeVisible();
    expect((await bookingsOf(email))[0].status).toBe("cancelled");
    await page.goto(`${site.origin}/events/${event.id}`);
    await expect(ticketBox(page).getByTestId("tickets-left")).toHaveText("3 tickets left");
  });

  test("a family order of three types with a code and a donation on a phone: Apply answers the new total, Checkout lists each type and charges it", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const email = newEmail("family-nojs");
    // Every test books from 127.0.0.1: the per-client limit (tested in the integration tests) is raised.
    await getDb().insert(givingSettings).values({ id: 1, max_tickets_per_client: 100 }).onConflictDoUpdate({ target: givingSettings.id, set: { max_tickets_per_client: 100 } });
    await page.goto(`${site.origin}/events/3`);
    const box = ticketBox(page);
    await expect(box.getByTestId("tickets-left")).toHaveText(/^\d+ places left for this event$/);
    // The first step is the tickets alone; "Continue" with none chosen is refused.
    await expect(box.getByLabel("Your name")).toHaveCount(0);
    await box.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(box.getByRole("alert")).toHaveText("Please choose at least 1 ticket.");
    await expect(box.getByLabel("Your name")).toBeHidden();
    await box.getByLabel("Family", { exact: true }).selectOption("1");
    await box.getByLabel("Adult", { exact: true }).selectOption("2");
    await box.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(box.getByTestId("order-tickets").getByRole("listitem")).toHaveText(["2 × Adult: £20.00", "1 × Family: £25.00"]);
    await box.getByLabel("Your name").fill("Priya Shah");
    // "Change tickets" goes back with what was typed kept.
    await box.getByRole("button", { name: "Change tickets" }).click();
    await expect(box.getByLabel("Adult", { exact: true })).toHaveValue("2");
    await box.getByLabel("Adult", { exact: true }).selectOption("1");
    await box.getByLabel("Concession", { exact: true }).selectOption("1");
    await box.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(box.getByLabel("Your name")).toHaveValue("Priya Shah");
    await box.getByLabel("Email", { exact: true }).fill(email);
    await box.getByLabel("£5.00").check();
    // A code that does not exist: a clear message, and what was chosen is kept.
    await box.getByLabel("Discount code").fill("nope");
    await box.getByRole("button", { name: "Apply" }).click();
    await expect(box.getByRole("alert")).toHaveText('Sorry, "NOPE" is not a discount code for this event.');
    await expect(box.getByLabel("Family", { exact: true })).toHaveValue("1");
    // Paying with it anyway: the code is refused once, at its field (no second alert above the form), and nothing is held.
    await box.getByRole("button", { name: "Continue to payment" }).click();
    await expect(box.getByRole("alert")).toHaveText('Sorry, "NOPE" is not a discount code for this event.');
    await expect(box.getByText('Sorry, "NOPE" is not a discount code for this event.')).toHaveCount(1);
    await expect(box.getByLabel("Discount code")).toHaveAttribute("aria-describedby", "discount-code-message");
    await expect(box.getByLabel("Family", { exact: true })).toHaveValue("1");
    expect(await bookingsOf(email)).toEqual([]);
    await box.getByLabel("Discount code").fill("quiz10");
    await box.getByRole("button", { name: "Apply" }).click();
    await expect(box.getByRole("status").filter({ hasText: "Code QUIZ10 applied" })).toHaveText("Code QUIZ10 applied: 10% off the tickets.");
    // £25 + £10 + £7 = £42, less 10% (£4.20), plus a £5 donation.
    await expect(box.getByTestId("order-discount")).toHaveText("−£4.20");
    await expect(box.getByTestId("ticket-total")).toHaveText("£42.80");
    await box.screenshot({ path: testInfo.outputPath("ticket-box-family-nojs-390.png") });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await box.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByTestId("checkout-amount")).toHaveText("£42.80");
    await expect(page.getByTestId("checkout-lines")).toContainText("Family: Big Community Quiz Night × 1: £25.00");
    await expect(page.getByTestId("checkout-lines")).toContainText("Donation to the foundation × 1: £5.00");
    await expect(page.getByTestId("checkout-lines")).toContainText("Discount: −£4.20");
    const [held] = await bookingsOf(email);
    expect(held).toMatchObject({ status: "held", quantity: 6, discount_pence: 420, donation_pence: 500, amount_pence: 4280 });
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();
    expect((await bookingsOf(email))[0].status).toBe("confirmed");
  });
});

test("a family order of the sample quiz night with JavaScript: the total follows the choices, the code and a Gift Aided donation go through Checkout, the donation reaches the ledger", async ({ page }, testInfo) => {
  const email = newEmail("family");
  await getDb().insert(givingSettings).values({ id: 1, max_tickets_per_client: 100 }).onConflictDoUpdate({ target: givingSettings.id, set: { max_tickets_per_client: 100 } });
  await openSitePage(page, `${site.origin}/events/3`);
  const box = ticketBox(page);
  await box.getByLabel("Family", { exact: true }).selectOption("1");
  await box.getByLabel("Adult", { exact: true }).selectOption("2");
  await box.getByLabel("Concession", { exact: true }).selectOption("1");
  await expect(box.getByTestId("ticket-total")).toHaveText("£52.00");
  await expect(box.getByLabel("Your name")).toHaveCount(0);
  // The details step comes in the page, with focus on what was chosen.
  await box.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(box.getByRole("heading", { name: "Your tickets" })).toBeFocused();
  await expect(box.getByTestId("order-tickets").getByRole("listitem")).toHaveText(["2 × Adult: £20.00", "1 × Concession: £7.00", "1 × Family: £25.00"]);
  await box.getByLabel("Your name").fill("Dee Patel");
  // Back to the tickets and on again: what was typed stays.
  await box.getByRole("button", { name: "Change tickets" }).click();
  await expect(box.getByLabel("Adult", { exact: true })).toBeFocused();
  await expect(box.getByLabel("Your name")).toBeHidden();
  await box.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(box.getByLabel("Your name")).toHaveValue("Dee Patel");
  await box.getByLabel("Another amount", { exact: true }).check();
  await box.getByLabel("Another amount (£)").fill("7.50");
  await expect(box.getByTestId("ticket-total")).toHaveText("£59.50");
  await box.getByText("Gift Aid your donation").click();
  await box.getByRole("checkbox", { name: /I want to Gift Aid my donation/ }).check();
  await box.getByLabel("First name").fill("Dee");
  await box.getByLabel("Last name").fill("Patel");
  await box.getByLabel("House name or number").fill("4");
  await box.getByLabel("Postcode").fill("MB4 2QT");
  await box.getByLabel("Names of the people coming").fill("Patel family\nDee Patel\nRaj Patel\nNana Patel");
  await box.getByLabel("Email", { exact: true }).fill(email);
  await box.getByLabel("Discount code").fill("QUIZ10");
  await box.getByRole("button", { name: "Apply" }).click();
  await expect(box.getByRole("status").filter({ hasText: "Code QUIZ10 applied" })).toBeVisible();
  // £25 + 2 × £10 + £7 = £52, less £5.20, plus £7.50.
  await expect(box.getByTestId("ticket-total")).toHaveText("£54.30");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await box.screenshot({ path: testInfo.outputPath(`ticket-box-family-${width}.png`) });
  }
  await box.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByTestId("checkout-amount")).toHaveText("£54.30");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();
  const [booking] = await bookingsOf(email);
  expect(booking).toMatchObject({ status: "confirmed", quantity: 7, amount_pence: 5430, donation_pence: 750, discount_pence: 520 });
  expect(booking.gift_aid_declaration_id).not.toBeNull();
  // The donation is a gift in the ledger with its declaration; the tickets are not.
  const gifts = await getDb().select().from(donations).where(eq(donations.stripe_checkout_session_id, booking.stripe_checkout_session_id!));
  expect(gifts.map((g) => [g.amount_pence, g.declaration_id])).toEqual([[750, booking.gift_aid_declaration_id]]);
  const lines = await getDb().select().from(bookingLines).where(eq(bookingLines.booking_id, booking.id)).orderBy(bookingLines.id);
  expect(lines.map((l) => [l.name, l.quantity, l.attendee_names])).toEqual([
    ["Adult", 2, ["Patel family", "Dee Patel"]],
    ["Concession", 1, ["Raj Patel"]],
    ["Family", 1, ["Nana Patel"]],
  ]);
});

test("leaving Checkout without paying: the tickets stay held, the buyer can return to payment or release them at once", async ({ page }) => {
  const email = newEmail("left");
  const event = await freeEvent({ booking_mode: "paid", ticket_price_pence: 750, tickets_available: 2 });
  await openSitePage(page, `${site.origin}/events/${event.id}`);
  await fillBooking(page, "Eve Adams", email, "2");
  await expect(ticketBox(page).getByTestId("ticket-total")).toHaveText("£15.00");
  await ticketBox(page).getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByTestId("checkout-amount")).toHaveText("£15.00");
  await page.getByRole("link", { name: "Cancel and go back" }).click();

  await expect(page.getByRole("heading", { name: "Waiting for your payment" })).toBeVisible();
  await expect(page.getByText("Your payment was not completed, so nothing has been charged.")).toBeVisible();
  // Held: nobody else can take them meanwhile.
  const other = await page.context().newPage();
  await other.goto(`${site.origin}/events/${event.id}`);
  await expect(ticketBox(other).getByRole("status")).toHaveText("Sold out");

  await page.getByRole("button", { name: "Return to payment" }).click();
  await expect(page.getByTestId("checkout-amount")).toHaveText("£15.00");
  await page.getByRole("link", { name: "Cancel and go back" }).click();
  await page.getByRole("button", { name: "Release my tickets" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your tickets have been released. Nothing has been charged." })).toBeVisible();
  expect((await bookingsOf(email))[0].status).toBe("expired");
  await other.goto(`${site.origin}/events/${event.id}`);
  await expect(ticketBox(other).getByTestId("tickets-left")).toHaveText("2 tickets left");
});

test("an event sold elsewhere links out, with its price text", async ({ page }) => {
  const event = await freeEvent({ booking_mode: "external", booking_url: "https://tickets.example.org/millbrook-panto", ticket_price: "From £12", tickets_available: null });
  await page.goto(`${site.origin}/events/${event.id}`);
  const box = ticketBox(page);
  await expect(box).toContainText("From £12");
  await expect(box.getByRole("link", { name: "Book tickets" })).toHaveAttribute("href", "https://tickets.example.org/millbrook-panto");
  await expect(box.getByRole("button")).toHaveCount(0);
});

test("sales close 24 hours before the start: the page says so and the server refuses a booking", async ({ page }, testInfo) => {
  // Starts in 23 hours, Millbrook time.
  const start = new Date(Date.now() + 23 * 3_600_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
      .formatToParts(start)
      .map((p) => [p.type, p.value]),
  );
  const event = await freeEvent({ date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` });
  await page.goto(`${site.origin}/events/${event.id}`);
  await expect(ticketBox(page).getByRole("status")).toHaveText("Ticket sales have closed.");
  await expect(ticketBox(page).getByRole("button", { name: "Book free tickets" })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await ticketBox(page).screenshot({ path: testInfo.outputPath("ticket-box-closed-1280.png") });

  const response = await page.request.post(`${site.origin}/events/${event.id}`, {
    form: { intent: "book", name: "Late Comer", email: "late@example.org", quantity: "1" },
    headers: { Origin: site.origin },
  });
  expect(response.status()).toBe(409);
  expect(await response.text()).toContain("Ticket sales for this event have closed.");
  expect(await getDb().select().from(bookings).where(eq(bookings.event_id, event.id))).toHaveLength(0);
});

test("the event page with a booking box stays within the public JavaScript budget (120 KB compressed, at most 7 scripts)", async ({ page }, testInfo) => {
  const scripts: Promise<number>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "script") scripts.push(request.sizes().then((s) => s.responseBodySize));
  });
  await openSitePage(page, `${site.origin}/events/3`);
  await expect(ticketBox(page).getByRole("button", { name: "Continue", exact: true })).toBeVisible();
  const sizes = await Promise.all(scripts);
  const total = sizes.reduce((a, b) => a + b, 0);
  testInfo.annotations.push({ type: "javascript", description: `${sizes.length} scripts, ${(total / 1024).toFixed(1)} KB as sent` });
  console.log(`/events/3: ${sizes.length} scripts, ${(total / 1024).toFixed(1)} KB as sent`);
  expect(sizes.length).toBeLessThanOrEqual(7);
  expect(total).toBeLessThanOrEqual(120 * 1024);
});
