/**
 * Bookings, staff side, in the browser: staff allowed to see form submissions see a
 * visitor's booking with tickets left; the door check-in screen at phone width checks a
 * reference in and says "already checked in" the second time (and works without
 * JavaScript by name search); the CSV export holds the bookings; an editor without the
 * permission sees none of it; the event form refuses a ticket limit below what is sold.
 *
 * The visitor's booking is made through the bookings domain (the same call the public
 * booking form makes) in the e2e server's database.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { isoDay } from "../../app/content/sample-content.ts";
import { createBooking } from "../../app/features/bookings/bookings.server.ts";
import { expect, test } from "./fixtures.ts";

async function eventWithBooking(name: string, quantity = 2, when = { date: "2030-06-15", time: "19:30" }) {
  const [event] = await getDb()
    .insert(events)
    .values({
      title: `Barn Dance ${randomUUID().slice(0, 6)}`,
      ...when,
      description: "A barn dance for all ages.",
      location: "Millbrook Village Hall",
      category: "social",
      booking_mode: "free",
      tickets_available: 10,
    })
    .returning();
  const email = `${randomUUID().slice(0, 8)}@example.org`;
  const made = await createBooking({ eventId: event.id, name, email, quantity });
  if (!made.ok) throw new Error(`booking refused: ${made.reason}`);
  return { event, booking: made.booking, email };
}

test("staff allowed to see submissions see a visitor's booking, tickets left and totals", async ({ page, signInAs, e2eDatabase }) => {
  void e2eDatabase;
  const { event, booking, email } = await eventWithBooking("Ada Lovelace");
  await signInAs("editor", { canSeeSubmissions: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`/admin/events?q=${encodeURIComponent(event.title)}`);
  await page.getByRole("link", { name: `Bookings for ${event.title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
  const row = page.getByTestId("booking-row").filter({ hasText: booking.reference });
  await expect(row).toContainText("Ada Lovelace");
  await expect(row).toContainText(email);
  await expect(row).toContainText("Free");
  await expect(row).toContainText("Confirmed");
  await expect(page.getByTestId("tickets-left")).toHaveText("8 of 10");
  await expect(page.getByTestId("tickets-sold")).toContainText("2 in 1 booking");
  await page.screenshot({ path: "test-results/screenshots/bookings-1280.png", fullPage: true });

  // The dashboard shows the event's tickets sold and left.
  await page.goto("/admin/dashboard");
  const sales = page.getByTestId("ticket-sales").getByRole("row").filter({ hasText: event.title });
  await expect(sales).toContainText("2");
  await expect(sales).toContainText("8");
});

test("door check-in on a phone: a reference checked in twice says already checked in the second time", async ({ page, signInAs, e2eDatabase }) => {
  void e2eDatabase;
  const { event, booking } = await eventWithBooking("Grace Hopper", 3);
  // A door volunteer: the check-in permission, not the inbox.
  await signInAs("editor", { permissions: ["check-in"] });
  await page.setViewportSize({ width: 390, height: 844 });
  const response = await page.goto(`/admin/events/${event.id}/check-in`);
  await expect(page.getByRole("heading", { name: "Door check-in" })).toBeVisible();
  // The camera (for reading a ticket's QR code) is allowed on this screen and no other.
  expect(response?.headers()["permissions-policy"]).toContain("camera=(self)");
  expect((await page.request.get(`/admin/events/${event.id}/bookings`)).headers()["permissions-policy"]).toContain("camera=()");

  // A scanner types the reference and presses Enter; staff may type it loosely.
  const field = page.getByLabel("Booking reference");
  await field.fill(booking.reference.toLowerCase().replaceAll("-", " "));
  await field.press("Enter");
  await expect(page.getByTestId("check-in-result")).toContainText("Checked in: Grace Hopper");
  await expect(page.getByTestId("check-in-result")).toContainText("3 people");
  await expect(page.getByTestId("arrived-count")).toHaveText("Arrived: 3 of 3 people");
  await expect(page.getByLabel("Booking reference")).toHaveValue("");
  await page.screenshot({ path: "test-results/screenshots/check-in-390.png", fullPage: true });

  await page.getByLabel("Booking reference").fill(booking.reference);
  await page.getByRole("button", { name: "Check in" }).click();
  await expect(page.getByTestId("check-in-result")).toContainText(/Already checked in at \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
  await expect(page.getByTestId("check-in-result")).toContainText("Grace Hopper");
  await page.screenshot({ path: "test-results/screenshots/check-in-again-390.png", fullPage: true });
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByLabel("Booking reference").fill("MCF-AAAA-AAAA");
  await page.getByLabel("Booking reference").press("Enter");
  await expect(page.getByTestId("check-in-result")).toContainText("No booking found for MCF-AAAA-AAAA");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search by name and mark as arrived", async ({ page, signInAs, e2eDatabase }) => {
    void e2eDatabase;
    const { event } = await eventWithBooking("Mary Seacole", 1);
    await signInAs("administrator");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/events/${event.id}/check-in`);
    await page.getByLabel("Search by name").fill("seacole");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("button", { name: "Mark Mary Seacole as arrived" }).click();
    await expect(page.getByTestId("check-in-result")).toContainText("Checked in: Mary Seacole");
    await expect(page.getByRole("search", { name: "Search bookings by name" }).getByRole("searchbox")).toHaveValue("seacole");
    await expect(page.getByRole("region", { name: "Search results" }).getByText(/^Arrived \d/)).toBeVisible();
    await expect(page.getByTestId("door-list").getByRole("listitem").filter({ hasText: "Mary Seacole" })).toContainText(/Arrived \d/);
  });
});

test("the CSV export holds the event's bookings, spreadsheet-safe", async ({ page, signInAs, e2eDatabase }) => {
  void e2eDatabase;
  const { event, booking, email } = await eventWithBooking("=SUM(A1:A9)", 4);
  await signInAs("administrator");
  const response = await page.request.get(`/admin/events/${event.id}/bookings/export.csv`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/csv");
  expect(response.headers()["content-disposition"]).toContain(`bookings-event-${event.id}-`);
  const text = (await response.text()).replace(/^\uFEFF/, "");
  const lines = text.trimEnd().split("\r\n");
  expect(lines[0]).toBe('"Reference","Name","Email","Quantity","Amount (£)","Status","Booked","Checked in","Tickets","Attendees","Arrived","Discount (£)","Donation (£)"');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^"${booking.reference}","'=SUM\\(A1:A9\\)","${email}","4","0.00","Confirmed","\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}","","4 Ticket","","0","0.00","0.00"$`));
});

test("an editor without the submissions permission cannot see bookings", async ({ page, signInAs, e2eDatabase }) => {
  void e2eDatabase;
  // As soon as bookings allow (more than a day ahead, first thing): the dashboard lists the
  // six soonest events, and the other tests add events of their own to the shared database.
  const { event } = await eventWithBooking("Florence Nightingale", 2, { date: isoDay(new Date(), 2), time: "00:01" });
  await signInAs("editor");
  for (const path of [`/admin/events/${event.id}/bookings`, `/admin/events/${event.id}/check-in`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByText("Florence Nightingale")).toHaveCount(0);
  }
  const csv = await page.request.get(`/admin/events/${event.id}/bookings/export.csv`);
  expect(csv.status()).toBe(403);
  expect(await csv.text()).not.toContain("Florence");
  await page.goto(`/admin/events?q=${encodeURIComponent(event.title)}`);
  await expect(page.getByText(event.title)).toBeVisible();
  await expect(page.getByRole("link", { name: `Bookings for ${event.title}` })).toHaveCount(0);
  // The dashboard still shows the figures, without a way into the names.
  await page.goto("/admin/dashboard");
  const sales = page.getByTestId("ticket-sales").getByRole("row").filter({ hasText: event.title });
  await expect(sales).toBeVisible();
  await expect(sales.getByRole("link")).toHaveCount(0);
});

test("the event form refuses a ticket limit below the tickets already sold, and sets paid tickets", async ({ page, signInAs, e2eDatabase }) => {
  void e2eDatabase;
  const { event } = await eventWithBooking("Dorothy Hodgkin", 6);
  await signInAs("editor");
  await page.goto(`/admin/events/edit/${event.id}`);
  await page.getByLabel("Tickets available").fill("5");
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page.getByText("6 tickets are already sold or held, so tickets available cannot be less than 6.")).toBeVisible();
  const [unchanged] = await getDb().select().from(events).where(eq(events.id, event.id));
  expect(unchanged.tickets_available).toBe(10);

  await page.getByLabel("Tickets available").fill("6");
  await page.getByLabel("Booking", { exact: true }).selectOption("paid");
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page.getByText("Enter the price of one ticket for paid tickets")).toBeVisible();
  await page.getByLabel("Price per ticket (£)").fill("12.50");
  await expect(page.getByLabel("Booking link")).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel("Booking", { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/event-form-booking-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel("Booking", { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/event-form-booking-390.png" });
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page.getByText("Event updated successfully")).toBeVisible();
  const [saved] = await getDb().select().from(events).where(eq(events.id, event.id));
  expect(saved).toMatchObject({ tickets_available: 6, booking_mode: "paid", ticket_price_pence: 1250 });
});
