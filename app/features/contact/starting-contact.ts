/**
 * The footer's starting contact details (a section added later, ./sample.server.ts),
 * written once, the first time the site starts with the section; after that the footer
 * shows only what staff keep.
 */
import { FOUNDATION } from "../../content/sample-content.ts";
import { AWARDS_EMAIL, CRAFT_FAIRS_EMAIL, FUND_EMAIL, HOST_EVENT_EMAIL, TRUSTEES_EMAIL } from "../../content/site-copy.ts";

export const STARTING_CONTACT = {
  address: FOUNDATION.address.join("\n"),
  phone: FOUNDATION.phone,
  events_email: HOST_EVENT_EMAIL,
  craft_fairs_email: CRAFT_FAIRS_EMAIL,
  awards_email: AWARDS_EMAIL,
  fund_email: FUND_EMAIL,
  trustees_email: TRUSTEES_EMAIL,
};
