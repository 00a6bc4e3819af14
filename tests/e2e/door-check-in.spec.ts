/**
 * Door check-in as a volunteer does it, with only the check-in permission: Today's events
 * on the dashboard and in the menu, the door list (names, references, tickets, arrived or
 * not; no email), no way into the full bookings, and a ticket's QR code read with the
 * camera where the browser has no BarcodeDetector (as on iPhone Safari): the screen loads
 * its QR reader when the camera opens, and only then.
 *
 * The camera is a canvas stream that shows the ticket's QR code (the same code the ticket
 * carries: the reference, drawn from the qrcode library's modules).
 */
import { randomUUID } from "node:crypto";
import QRCode from "qrcode";
import { getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { createBooking } from "../../app/features/bookings/bookings.server.ts";
import { eventTicketTypes } from "../../app/features/event-tickets/table.ts";
import { expect, test } from "./fixtures.ts";
import { ukDate } from "../../app/lib/uk-time.ts";

/** An event today with bookings: booked three days ago, when booking was still open. */
async function todaysEvent(names: string[]) {
  const [event] = await getDb()
    .insert(events)
    .values({
      title: `Harvest Supper ${randomUUID().slice(0, 6)}`,
      date: ukDate(),
      time: "23:59",
      description: "Supper in the hall.",
      location: "Millbrook Village Hall",
      category: "social",
      booking_mode: "free",
      tickets_available: 40,
    })
    .returning();
  const booked = [];
  for (const [i, name] of names.entries()) {
    const email = `${randomUUID().slice(0, 8)}@example.org`;
    const made = await createBooking({ eventId: event.id, name, email, quantity: i + 1 }, { now: new Date(Date.now() - 3 * 86_400_000) });
    if (!made.ok) throw new Error(`booking refused: ${made.reason}`);
    booked.push({ ...made.booking, email });
  }
  return { event, booked };
}

test("a door volunteer finds today's event from the dashboard and the menu, and sees the door list without contact details", async ({ page, signInAs, e2eDatabase }) => {
  void e2eDatabase;
  const { event, booked } = await todaysEvent(["Ada Lovelace", "Charles Babbage"]);
  await signInAs("editor", { permissions: ["check-in"] });

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/dashboard");
    const today = page.getByRole("region", { name: "Today's events" });
    await expect(today.getByText(event.title)).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/dashboard-door-volunteer-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  await nav.getByRole("link", { name: "Door check-in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Today's events" })).toBeVisible();
  await page.getByRole("link", { name: `Check in at ${event.title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Door check-in" })).toBeVisible();

  const list = page.getByTestId("door-list");
  const ada = list.getByRole("listitem").filter({ hasText: "Ada Lovelace" });
  await expect(ada).toContainText(booked[0]!.reference);
  await expect(ada).toContainText("1 person");
  await expect(ada).toContainText("Not arrived");
  await expect(list.getByRole("listitem").filter({ hasText: "Charles Babbage" })).toContainText("2 people");
  // No contact details, and no way into them.
  for (const b of booked) await expect(page.getByText(b.email)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "All bookings" })).toHaveCount(0);
  expect((await page.request.get(`/admin/events/${event.id}/bookings`)).status()).toBe(403);
  expect((await page.request.get("/admin/inbox")).status()).toBe(403);

  await page.getByLabel("Booking reference").fill(booked[0]!.reference);
  await page.getByRole("button", { name: "Check in" }).click();
  await expect(page.getByTestId("check-in-result")).toContainText("Checked in: Ada Lovelace");
  await expect(ada).toContainText(/Arrived \d/);
  await page.screenshot({ path: "test-results/screenshots/door-list-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screenshots/door-list-390.png", fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("the camera reads a ticket's QR code without BarcodeDetector, loading the QR reader only then", async ({ page, signInAs, e2eDatabase }) => {
  void e2eDatabase;
  const { event, booked } = await todaysEvent(["Grace Hopper"]);
  const ticket = booked[0]!;
  const { modules } = QRCode.create(ticket.reference, { errorCorrectionLevel: "M" });
  const qr = { size: modules.size, bits: Array.from(modules.data, Number) };

  // A phone without BarcodeDetector (iPhone Safari), whose camera sees the ticket.
  await page.addInitScript((code) => {
    delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
    navigator.mediaDevices.getUserMedia = async () => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 480;
      const context = canvas.getContext("2d")!;
      const cell = Math.floor(400 / (code.size + 8));
      const draw = () => {
        context.fillStyle = "#fff";
        context.fillRect(0, 0, 480, 480);
        context.fillStyle = "#000";
        code.bits.forEach((bit, i) => bit && context.fillRect(40 + (4 + (i % code.size)) * cell, 40 + (4 + Math.floor(i / code.size)) * cell, cell, cell));
      };
      draw();
      setInterval(draw, 100);
      return canvas.captureStream(10);
    };
  }, qr);

  await signInAs("editor", { permissions: ["check-in"] });
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts: string[] = [];
  page.on("response", (response) => response.request().resourceType() === "script" && scripts.push(response.url()));
  await page.goto(`/admin/events/${event.id}/check-in`);
  const scan = page.getByRole("button", { name: "Scan with camera" });
  await expect(scan).toBeVisible();
  await page.waitForLoadState("networkidle");
  const bodies = async () => Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
  expect((await bodies()).some((body) => body.includes("Invalid module size"))).toBe(false);

  await scan.click();
  await expect(page.getByTestId("check-in-result")).toContainText("Checked in: Grace Hopper", { timeout: 15_000 });
  await expect(page.getByTestId("arrived-count")).toHaveText("Arrived: 1 of 1 person");
  expect((await bodies()).some((body) => body.includes("Invalid module size"))).toBe(true);
  await page.screenshot({ path: "test-results/screenshots/check-in-camera-390.png", fullPage: true });
});

test("group check-in on a phone: a family's party shows the types bought and the names, 3 of 5 arrive, then the rest", async ({ page, signInAs, e2eDatabase }) => {
  void e2eDatabase;
  const [event] = await getDb()
    .insert(events)
    .values({
      title: `Family Quiz ${randomUUID().slice(0, 6)}`,
      date: ukDate(),
      time: "23:59",
      description: "A quiz for all ages.",
      location: "Millbrook Village Hall",
      category: "social",
      booking_mode: "free",
      tickets_available: 40,
      attendee_names: true,
    })
    .returning();
  const [family, child] = await getDb()
    .insert(eventTicketTypes)
    .values([
      { event_id: event.id, name: "Family", places_per_ticket: 4, position: 0 },
      { event_id: event.id, name: "Child", position: 1 },
    ])
    .returning();
  const made = await createBooking(
    {
      eventId: event.id,
      name: "Priya Shah",
      email: `${randomUUID().slice(0, 8)}@example.org`,
      quantity: 0,
      lines: [
        { typeId: family.id, quantity: 1, names: ["Shah family"] },
        { typeId: child.id, quantity: 1, names: ["Cousin Anya"] },
      ],
    },
    { now: new Date(Date.now() - 3 * 86_400_000), confirmByEmail: false },
  );
  if (!made.ok) throw new Error(`booking refused: ${made.reason}`);
  await signInAs("editor", { permissions: ["check-in"] });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/events/${event.id}/check-in`);
  const party = page.getByTestId("door-list").getByRole("listitem").filter({ hasText: "Priya Shah" });
  await expect(party).toContainText("5 people: 1 Family, 1 Child");
  await expect(party).toContainText("Shah family, Cousin Anya");
  await expect(party).toContainText("Not arrived");
  await party.getByLabel("Arriving now").selectOption("3");
  await party.getByRole("button", { name: "Priya Shah arriving" }).click();
  await expect(page.getByTestId("check-in-result")).toContainText("3 of 5 arrived");
  await expect(party).toContainText("3 of 5 arrived");
  await expect(page.getByTestId("arrived-count")).toHaveText("Arrived: 3 of 5 people");
  await page.screenshot({ path: "test-results/screenshots/group-check-in-390.png", fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The other two arrive: the reference checks in the rest of the party.
  await page.getByLabel("Booking reference").fill(made.booking.reference);
  await page.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(page.getByTestId("check-in-result")).toContainText("5 of 5 arrived");
  await expect(party).toContainText(/Arrived \d/);
  await page.getByLabel("Booking reference").fill(made.booking.reference);
  await page.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(page.getByTestId("check-in-result")).toContainText("Already checked in");
});
