import { describe, expect, it } from "vitest";
import { formValues } from "../../app/domain/listings/listing-fields.schema.ts";
import { CRAFT_FAIR_FORM_FIELDS, CraftFairFormSchema } from "../../app/features/craft-fairs/craft-fairs.schema.ts";
import { EVENT_FORM_FIELDS, EventFormSchema } from "../../app/features/events/events.schema.ts";
import { firstIssues } from "../../app/lib/form-submission.ts";

const errorsOf = (schema: typeof EventFormSchema | typeof CraftFairFormSchema, fields: readonly string[], data: Record<string, unknown>) => {
  const result = schema.safeParse(formValues(data, fields));
  return result.success ? {} : firstIssues(result.error);
};

describe("EventFormSchema", () => {
  it("gives the spec's messages for empty input", () => {
    expect(errorsOf(EventFormSchema, EVENT_FORM_FIELDS, {})).toEqual({
      title: "Title must be at least 3 characters",
      date: "Event date is required",
      time: "Event time is required",
      description: "Description must be at least 10 characters",
      location: "Location is required",
      category: "Category is required",
    });
  });

  it("accepts a valid event, with optional fields empty and no ticket limit", () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      title: "  Quiz Night ",
      date: "2031-02-03",
      time: "19:30",
      description: "Teams of up to six.",
      location: "The Crown",
      category: "social",
      tickets_available: "",
      is_active: "on",
    }))
      fd.set(k, v);
    const parsed = EventFormSchema.parse(formValues(fd, EVENT_FORM_FIELDS));
    expect(parsed).toMatchObject({ title: "Quiz Night", tickets_available: null, is_active: true, organizer: null, end_time: null });
    // Whether it is past follows from its date: the form has no such field.
    expect(parsed).not.toHaveProperty("is_past");
  });

  it("refuses bad numbers, dates, times and overlong text", () => {
    const base = { title: "Quiz", date: "2031-02-30", time: "25:00", description: "x".repeat(501), location: "Pub", category: "party" };
    expect(errorsOf(EventFormSchema, EVENT_FORM_FIELDS, { ...base, tickets_available: "-3" })).toEqual({
      date: "Enter a valid date (yyyy-MM-dd)",
      time: "Enter a valid time (HH:mm)",
      description: "Must be at most 500 characters",
      category: "Category is required",
      tickets_available: "Must be a positive number",
    });
    expect(errorsOf(EventFormSchema, EVENT_FORM_FIELDS, { ...base, tickets_available: "0" }).tickets_available).toBe(
      "Must be a positive number",
    );
    expect(errorsOf(EventFormSchema, EVENT_FORM_FIELDS, { ...base, tickets_available: "1.5" }).tickets_available).toBe(
      "Must be a positive number",
    );
  });
});

describe("EventFormSchema: booking mode", () => {
  const base = { title: "Quiz Night", date: "2031-02-03", time: "19:30", description: "Teams of up to six.", location: "The Crown", category: "social" };

  it("defaults to no booking, and keeps no price or link for it", () => {
    const parsed = EventFormSchema.parse(formValues({ ...base, ticket_price_pounds: "5.00", booking_url: "https://example.org" }, EVENT_FORM_FIELDS));
    expect(parsed).toMatchObject({ booking_mode: "none", ticket_price_pence: null, booking_url: null });
  });

  it("paid tickets need a price in pounds and pence, stored in pence", () => {
    expect(errorsOf(EventFormSchema, EVENT_FORM_FIELDS, { ...base, booking_mode: "paid" })).toEqual({
      ticket_price_pounds: "Enter the price of one ticket for paid tickets",
    });
    for (const bad of ["ten", "10.505", "0", "-5", "0.00"]) {
      expect(errorsOf(EventFormSchema, EVENT_FORM_FIELDS, { ...base, booking_mode: "paid", ticket_price_pounds: bad }), bad).toEqual({
        ticket_price_pounds: "Enter a price in pounds and pence, for example 10.00",
      });
    }
    for (const [typed, pence] of [["10", 1000], ["7.5", 750], ["£12.99", 1299], ["1,250.00", 125000]] as const) {
      const parsed = EventFormSchema.parse(formValues({ ...base, booking_mode: "paid", ticket_price_pounds: typed }, EVENT_FORM_FIELDS));
      expect(parsed.ticket_price_pence, typed).toBe(pence);
    }
  });

  it("an external booking needs a web address", () => {
    expect(errorsOf(EventFormSchema, EVENT_FORM_FIELDS, { ...base, booking_mode: "external" })).toEqual({
      booking_url: "Enter the booking link for an external booking",
    });
    expect(errorsOf(EventFormSchema, EVENT_FORM_FIELDS, { ...base, booking_mode: "external", booking_url: "javascript:alert(1)" })).toEqual({
      booking_url: "Enter a full web address starting with https://",
    });
    const parsed = EventFormSchema.parse(formValues({ ...base, booking_mode: "external", booking_url: "https://tickets.example.org/quiz" }, EVENT_FORM_FIELDS));
    expect(parsed).toMatchObject({ booking_mode: "external", booking_url: "https://tickets.example.org/quiz", ticket_price_pence: null });
  });

  it("keeps one price: the free-text price and how to get tickets only without online booking", () => {
    const texts = { ticket_price: "£5", ticket_info: "Pay on the door" };
    expect(EventFormSchema.parse(formValues({ ...base, ...texts }, EVENT_FORM_FIELDS))).toMatchObject({ ticket_price: "£5", ticket_info: "Pay on the door" });
    expect(EventFormSchema.parse(formValues({ ...base, ...texts, booking_mode: "paid", ticket_price_pounds: "8" }, EVENT_FORM_FIELDS))).toMatchObject({
      ticket_price: null,
      ticket_info: null,
      ticket_price_pence: 800,
    });
    expect(EventFormSchema.parse(formValues({ ...base, ...texts, booking_mode: "free" }, EVENT_FORM_FIELDS))).toMatchObject({ ticket_price: null, ticket_info: null });
  });

  it("an end time is optional and after the start", () => {
    expect(EventFormSchema.parse(formValues({ ...base, end_time: "22:30" }, EVENT_FORM_FIELDS)).end_time).toBe("22:30");
    expect(errorsOf(EventFormSchema, EVENT_FORM_FIELDS, { ...base, end_time: "19:00" })).toEqual({ end_time: "The end time must be after the start time" });
    expect(errorsOf(EventFormSchema, EVENT_FORM_FIELDS, { ...base, end_time: "7pm" })).toEqual({ end_time: "Enter a valid time (HH:mm)" });
  });

  it("refuses an unknown booking mode", () => {
    expect(errorsOf(EventFormSchema, EVENT_FORM_FIELDS, { ...base, booking_mode: "raffle" })).toEqual({ booking_mode: "Choose how visitors get tickets" });
  });
});

describe("CraftFairFormSchema", () => {
  it("gives the spec's messages", () => {
    expect(errorsOf(CraftFairFormSchema, CRAFT_FAIR_FORM_FIELDS, { stalls_available: "0" })).toEqual({
      title: "Title must be at least 3 characters",
      date: "Event date is required",
      time: "Event time is required",
      description: "Description must be at least 10 characters",
      location: "Location is required",
      stalls_available: "Must be a positive number",
      application_deadline: "Application deadline is required",
    });
  });
});

describe("firstIssues, the one Zod flattener", () => {
  it("keeps the first message per field and puts a check across fields under _form", async () => {
    const { z } = await import("zod");
    const schema = z
      .object({ a: z.string().min(2, "A is short").max(1, "never both"), b: z.string().min(1, "B is required") })
      .refine((v) => v.a !== v.b, "A and B must differ");
    const result = schema.safeParse({ a: "x", b: "" });
    expect(result.success).toBe(false);
    expect(firstIssues(result.error!)).toEqual({ a: "A is short", b: "B is required" });
    const across = schema.safeParse({ a: "xy", b: "xy" });
    expect(firstIssues(across.error!)).toMatchObject({ _form: "A and B must differ" });
  });
});
