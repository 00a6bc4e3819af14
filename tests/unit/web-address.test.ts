/**
 * One rule for a web address typed by staff (`isWebAddress`): http or https, with a dot in
 * the host name. Sponsors' links, an event's external booking link and the footer's
 * social links all use it, so an address one form takes the others take too.
 */
import { describe, expect, it } from "vitest";
import { ContactFormSchema } from "../../app/features/contact/contact.schema.ts";
import { EVENT_FORM_FIELDS, EventFormSchema } from "../../app/features/events/events.schema.ts";
import { formValues, isWebAddress } from "../../app/domain/listings/listing-fields.schema.ts";
import { SPONSOR_FORM_FIELDS, SponsorFormSchema } from "../../app/features/sponsors/sponsors.schema.ts";

const GOOD = ["https://millbrook.example.org", "http://tickets.example.org/quiz?night=1", "  https://www.facebook.com/millbrook  "];
const BAD = ["javascript:alert(1)", "https://localhost", "ftp://files.example.org", "www.example.org", "not a web address", "mailto:a@example.org"];

const event = (booking_url: string) =>
  EventFormSchema.safeParse(
    formValues(
      { title: "Quiz Night", date: "2031-02-03", time: "19:30", description: "Teams of up to six.", location: "The Crown", category: "social", booking_mode: "external", booking_url },
      EVENT_FORM_FIELDS,
    ),
  ).success;
const sponsor = (url: string) => SponsorFormSchema.safeParse(formValues({ name: "Oak Lane Hardware", url, image_decorative: "on" }, SPONSOR_FORM_FIELDS)).success;
const contact = (facebook_url: string) =>
  ContactFormSchema.safeParse({
    address: "1 High Street, Millbrook",
    phone: "01632 960 000",
    ...Object.fromEntries(["contact_email", "events_email", "craft_fairs_email", "awards_email", "fund_email", "trustees_email"].map((k) => [k, "hello@example.org"])),
    facebook_url,
    twitter_url: "",
    instagram_url: "",
  }).success;

describe("one web-address rule", () => {
  it("takes http and https addresses with a dot in the host name, and nothing else", () => {
    for (const text of GOOD) expect(isWebAddress(text.trim()), text).toBe(true);
    for (const text of BAD) expect(isWebAddress(text), text).toBe(false);
  });

  it("is the rule of the sponsor's link, the event's booking link and the social links alike", () => {
    for (const text of GOOD) expect([sponsor(text), event(text), contact(text)], text).toEqual([true, true, true]);
    for (const text of BAD) expect([sponsor(text), event(text), contact(text)], text).toEqual([false, false, false]);
    // A social link may be left empty (it is then not shown).
    expect(contact("")).toBe(true);
  });
});
