import { describe, expect, it } from "vitest";
import { fieldErrors, formValues } from "../../app/domain/listings/listing-fields.schema.ts";
import { CRAFT_FAIR_FORM_FIELDS, CraftFairFormSchema } from "../../app/domain/craft-fairs/craft-fairs.schema.ts";
import { EVENT_FORM_FIELDS, EventFormSchema } from "../../app/domain/events/events.schema.ts";

const errorsOf = (schema: typeof EventFormSchema | typeof CraftFairFormSchema, fields: readonly string[], data: Record<string, unknown>) => {
  const result = schema.safeParse(formValues(data, fields));
  return result.success ? {} : fieldErrors(result.error);
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
    expect(parsed).toMatchObject({ title: "Quiz Night", tickets_available: null, is_active: true, is_past: false, organizer: null });
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
