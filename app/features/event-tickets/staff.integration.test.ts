/**
 * What staff do with ticket types and codes, against a real PostgreSQL: the first type
 * added keeps the event's implicit Ticket beside it, a type with tickets sold cannot be
 * deleted, a used code cannot be deleted, the form's Zod schemas refuse bad input, and a
 * code's dates are Millbrook days when an order uses it. The two screens' actions answer
 * the one reply shape (docs/decisions/287) and a refusal writes nothing.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { events } from "../events/table.ts";
import { createBooking } from "../bookings/bookings.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { throughLayouts } from "../../../tests/helpers/route-table.ts";
import { routeArgs, staffSession } from "../../../tests/helpers/submissions.ts";
import * as codesRoute from "./admin/discount-codes.tsx";
import * as typesRoute from "./admin/ticket-types.tsx";
import { DiscountCodeSchema, TicketTypeSchema } from "./tickets.schema.ts";
import { checkCode, createDiscountCode, deleteDiscountCode, deleteTicketType, listDiscountCodes, saveTicketType, ticketTypesForStaff } from "./tickets.server.ts";

setupTestDatabase();

const actor = { userId: null, email: "editor@example.org", ip: "127.0.0.1" };

async function makeEvent() {
  const [row] = await getDb()
    .insert(events)
    .values({ title: "Staff test event", date: "2030-03-01", time: "10:00", description: "x", location: "Hall", category: "social", booking_mode: "free", tickets_available: 30 })
    .returning();
  return row;
}

describe("ticket types on the staff screen", () => {
  it("adding a type keeps the implicit Ticket; a type with tickets stays; the last type stays", async () => {
    const event = await makeEvent();
    const family = TicketTypeSchema.parse({ name: "Family", description: "", price: "", places: "4", limit: "5", position: "1" });
    expect(await saveTicketType(event.id, null, family, actor)).toBe("saved");
    const found = await ticketTypesForStaff(event.id);
    expect(found?.types.map((t) => [t.name, t.places_per_ticket, t.ticket_limit])).toEqual([
      ["Ticket", 1, null],
      ["Family", 4, 5],
    ]);
    const [ticket, familyType] = found!.types;
    const made = await createBooking({ eventId: event.id, name: "A", email: "a@example.org", quantity: 0, lines: [{ typeId: familyType.id, quantity: 1 }] }, { confirmByEmail: false });
    expect(made).toMatchObject({ ok: true, booking: { quantity: 4 } });
    expect(await deleteTicketType(event.id, familyType.id, actor)).toBe("has-tickets");
    expect(await deleteTicketType(event.id, ticket.id, actor)).toBe("deleted");
    expect(await deleteTicketType(event.id, familyType.id, actor)).toBe("last");
    expect((await ticketTypesForStaff(event.id))?.types).toHaveLength(1);
  });

  it("refuses a type with bad input, with a message", () => {
    const bad = TicketTypeSchema.safeParse({ name: "", description: "", price: "7.505", places: "11", limit: "0", position: "" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(["Enter the ticket's name, like Adult", "Price: enter pounds and pence, like 7.50", "Places per ticket: a number from 1 to 10"]),
    );
  });
});

describe("discount codes on the staff screen", () => {
  it("creates a code once, counts its uses, and keeps a used code", async () => {
    const event = await makeEvent();
    const input = DiscountCodeSchema.parse({ code: "spring-5", kind: "fixed", amount: "5", event: String(event.id), starts_on: "", ends_on: "", max_uses: "3", max_uses_per_email: "" });
    expect(input).toMatchObject({ code: "SPRING-5", amount: 500, event: event.id });
    expect(await createDiscountCode(input, actor)).toBe("created");
    expect(await createDiscountCode(input, actor)).toBe("taken");
    await createBooking({ eventId: event.id, name: "B", email: "b@example.org", quantity: 1, code: "Spring-5" }, { confirmByEmail: false });
    const [code] = (await listDiscountCodes()).filter((c) => c.code === "SPRING-5");
    expect(code).toMatchObject({ uses: 1, max_uses: 3, events: ["Staff test event"] });
    expect(await deleteDiscountCode(code.id, actor)).toBe("used");
  });

  it("refuses a percentage over 100 and an end before the start", () => {
    const bad = DiscountCodeSchema.safeParse({ code: "X1X", kind: "percent", amount: "150", event: "", starts_on: "2030-02-02", ends_on: "2030-02-01", max_uses: "", max_uses_per_email: "" });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(["A percentage from 1 to 100", "The end date comes after the start date"]);
  });

  it("a code ending on a day works until midnight in London, not UTC", async () => {
    const event = await makeEvent();
    await createDiscountCode(DiscountCodeSchema.parse({ code: "SUMMER", kind: "percent", amount: "10", event: "", starts_on: "2027-06-01", ends_on: "2027-06-30", max_uses: "", max_uses_per_email: "" }), actor);
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST): ended.
    expect(await checkCode(getDb(), "summer", event.id, null, new Date("2027-06-30T22:30:00Z"))).toMatchObject({ ok: true });
    expect(await checkCode(getDb(), "summer", event.id, null, new Date("2027-06-30T23:30:00Z"))).toEqual({ ok: false, message: "Sorry, the code SUMMER ended on 30 June 2027." });
    expect(await checkCode(getDb(), "summer", event.id, null, new Date("2027-05-31T22:59:00Z"))).toEqual({ ok: false, message: "Sorry, the code SUMMER can be used from 1 June 2027." });
  });
});

describe("the ticket type and discount code screens answer the one reply shape, and a refusal changes nothing", () => {
  /** Posts `fields` to a screen's action as an editor, through its layouts; the answer's status, form and reply. */
  const post = async <R,>(file: string, action: (args: never) => R, url: string, params: Record<string, string>, fields: Record<string, string>) => {
    const { token } = await staffSession("editor");
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const answer = await throughLayouts(file, action, routeArgs(url, params, { token, method: "POST", body }));
    const { data, init } = answer as unknown as { data: { intent: string; reply: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }; init: ResponseInit };
    return { status: init.status, intent: data.intent, error: data.reply.error, values: data.reply.initialValue };
  };
  const typesPost = (eventId: number, fields: Record<string, string>) =>
    post("features/event-tickets/admin/ticket-types.tsx", typesRoute.action, `/admin/events/${eventId}/tickets`, { id: String(eventId) }, fields);
  const codesPost = (fields: Record<string, string>) => post("features/event-tickets/admin/discount-codes.tsx", codesRoute.action, "/admin/discount-codes", {}, fields);

  it("refuses a new type and a type's own form with bad input: the messages under that form's fields, values kept, no type saved", async () => {
    const event = await makeEvent();
    const added = await typesPost(event.id, { intent: "add", name: "", description: "Under fives", price: "", places: "11", limit: "0", position: "2" });
    expect(added).toMatchObject({
      status: 400,
      intent: "add",
      error: { "": ["Please check the ticket type."], name: ["Enter the ticket's name, like Adult"], places: ["Places per ticket: a number from 1 to 10"], limit: ["Limit: leave empty, or a number of tickets from 1"] },
      values: { description: "Under fives", places: "11", limit: "0", position: "2" },
    });
    expect((await ticketTypesForStaff(event.id))?.types).toEqual([]);

    await saveTicketType(event.id, null, TicketTypeSchema.parse({ name: "Family", description: "", price: "", places: "4", limit: "", position: "1" }), actor);
    const before = (await ticketTypesForStaff(event.id))!.types;
    const family = before.find((t) => t.name === "Family")!;
    const saved = await typesPost(event.id, { intent: "save", type: String(family.id), name: "Family of five", description: "", price: "", places: "many", limit: "", position: "1" });
    expect(saved).toMatchObject({ status: 400, intent: `type-${family.id}`, error: { places: ["Places per ticket: a number from 1 to 10"] }, values: { name: "Family of five", places: "many" } });
    expect((await ticketTypesForStaff(event.id))!.types).toEqual(before);
  });

  it("refuses a bad code and a code already there under the new code's form, and a used code's delete under that code; nothing is written", async () => {
    const event = await makeEvent();
    const before = await listDiscountCodes();
    const bad = await codesPost({ intent: "create", code: "no way!", kind: "percent", amount: "15", event: String(event.id), starts_on: "", ends_on: "", max_uses: "0", max_uses_per_email: "" });
    expect(bad).toMatchObject({
      status: 400,
      intent: "create",
      error: { "": ["Please check the code's details."], code: ["A code is 3 to 30 letters, numbers or dashes"], max_uses: ["Uses: leave empty, or a number from 1"] },
      values: { code: "no way!", kind: "percent", amount: "15", event: String(event.id), max_uses: "0" },
    });
    const across = await codesPost({ intent: "create", code: "SPRING", kind: "percent", amount: "150", event: "", starts_on: "2030-02-02", ends_on: "2030-02-01", max_uses: "", max_uses_per_email: "" });
    expect(across).toMatchObject({
      status: 400,
      intent: "create",
      error: { "": ["Please check the code's details."], amount: ["A percentage from 1 to 100"], ends_on: ["The end date comes after the start date"] },
      values: { code: "SPRING", amount: "150", starts_on: "2030-02-02", ends_on: "2030-02-01" },
    });
    expect(await listDiscountCodes()).toEqual(before);

    const fields = { intent: "create", code: "reply-5", kind: "fixed", amount: "5", event: "", starts_on: "", ends_on: "", max_uses: "", max_uses_per_email: "" };
    await createDiscountCode(DiscountCodeSchema.parse(fields), actor);
    const listed = await listDiscountCodes();
    const taken = await codesPost({ ...fields, kind: "percent", amount: "50" });
    expect(taken).toMatchObject({ status: 409, intent: "create", error: { "": ["There is already a code REPLY-5."], code: ["Choose another code"] }, values: { code: "reply-5", amount: "50" } });
    expect(await listDiscountCodes()).toEqual(listed);

    await createBooking({ eventId: event.id, name: "C", email: "c@example.org", quantity: 1, code: "REPLY-5" }, { confirmByEmail: false });
    const used = (await listDiscountCodes()).find((c) => c.code === "REPLY-5")!;
    const kept = await codesPost({ intent: "delete", id: String(used.id) });
    expect(kept).toMatchObject({ status: 409, intent: `delete-${used.id}`, error: { "": ["This code has been used, so it stays with its bookings. Set its end date to stop it."] } });
    expect((await listDiscountCodes()).find((c) => c.code === "REPLY-5")).toEqual(used);
  });
});
