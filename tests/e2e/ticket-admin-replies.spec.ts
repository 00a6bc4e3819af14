/**
 * The ticket type and discount code screens refuse bad input the way staff see it: the
 * whole form's message in the alert at the top, each field's message at its field, every
 * box keeping what was typed, and nothing saved. With JavaScript (the discount codes) and
 * without (the ticket types, a plain form post).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { discountCodes, eventTicketTypes } from "../../app/features/event-tickets/table.ts";
import { expect, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

test("a discount code with a bad code and a percentage over 100: said at the top and at the fields, kept as typed, nothing created", async ({ page, signInAs }) => {
  await signInAs("editor");
  await page.goto("/admin/discount-codes");
  const form = page.getByRole("region", { name: "New code" });
  const stamp = randomUUID().slice(0, 6).toUpperCase();
  await form.getByLabel("Code").fill(`no ${stamp}!`);
  await form.getByLabel("How much").fill("150");
  await form.getByLabel("Uses in all (optional)").fill("20");
  await form.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please check the code's details.");
  await expect(form.getByText("A code is 3 to 30 letters, numbers or dashes")).toBeVisible();
  await expect(form.getByLabel("Code")).toHaveValue(`no ${stamp}!`);
  await expect(form.getByLabel("How much")).toHaveValue("150");
  await expect(form.getByLabel("Uses in all (optional)")).toHaveValue("20");

  // The code fixed, the percentage still over 100: its own message, the rest kept.
  await form.getByLabel("Code").fill(`REPLY-${stamp}`);
  await form.getByRole("button", { name: "Create code" }).click();
  await expect(form.getByText("A percentage from 1 to 100")).toBeVisible();
  await expect(form.getByText("A code is 3 to 30 letters, numbers or dashes")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveText("Please check the code's details.");
  await expect(form.getByLabel("Uses in all (optional)")).toHaveValue("20");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screenshots/discount-code-refused-${width}.png`, fullPage: true });
  }
  expect(await getDb().select().from(discountCodes).where(eq(discountCodes.code, `REPLY-${stamp}`))).toEqual([]);

  await form.getByLabel("How much").fill("15");
  await form.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Discount code REPLY-${stamp} created` }).first()).toBeVisible();
  expect(await getDb().select().from(discountCodes).where(eq(discountCodes.code, `REPLY-${stamp}`))).toHaveLength(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a ticket type with too many places per ticket and a bad price: said at the fields, kept as typed, nothing added", async ({ page, signInAs }) => {
    const [event] = await getDb()
      .insert(events)
      .values({ title: `Reply Ceilidh ${randomUUID().slice(0, 6)}`, date: "2031-03-14", time: "19:00", description: "A ceilidh.", location: "Village hall", category: "social", booking_mode: "paid", ticket_price_pence: 800, tickets_available: 80 })
      .returning();
    await signInAs("editor");
    await page.goto(`/admin/events/${event.id}/tickets`);
    const add = page.getByRole("region", { name: "Add a ticket type" });
    await add.getByLabel("Name").fill("Family");
    await add.getByLabel("Price (£)").fill("12.505");
    await add.getByLabel("Description (optional)").fill("Two adults and two children");
    await add.getByLabel("Places per ticket").fill("11");
    await add.getByRole("button", { name: "Add type" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please check the ticket type.");
    await expect(add.getByText("Price: enter pounds and pence, like 7.50")).toBeVisible();
    await expect(add.getByText("Places per ticket: a number from 1 to 10")).toBeVisible();
    await expect(add.getByLabel("Places per ticket")).toHaveAttribute("aria-invalid", "true");
    await expect(add.getByLabel("Name")).toHaveValue("Family");
    await expect(add.getByLabel("Price (£)")).toHaveValue("12.505");
    await expect(add.getByLabel("Description (optional)")).toHaveValue("Two adults and two children");
    await expect(add.getByLabel("Places per ticket")).toHaveValue("11");
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: "test-results/screenshots/ticket-type-refused-390.png", fullPage: true });
    expect(await getDb().select().from(eventTicketTypes).where(eq(eventTicketTypes.event_id, event.id))).toEqual([]);

    await add.getByLabel("Price (£)").fill("12.50");
    await add.getByLabel("Places per ticket").fill("4");
    await add.getByRole("button", { name: "Add type" }).click();
    await expect(page.getByRole("region", { name: "Family" })).toBeVisible();
    expect((await getDb().select().from(eventTicketTypes).where(eq(eventTicketTypes.event_id, event.id))).map((t) => [t.name, t.price_pence, t.places_per_ticket]).sort()).toEqual([
      ["Family", 1250, 4],
      ["Ticket", 800, 1],
    ]);
  });
});
