/**
 * Starting content of the footer's contact details, written once, the first time the site
 * starts with the section (declared in ./samples.server.ts); after that the footer shows
 * only what staff keep. The legal pages' starting texts are in their feature folder.
 */
import { FOUNDATION } from "./sample-content.ts";
import { AWARDS_EMAIL, CRAFT_FAIRS_EMAIL, FUND_EMAIL, HOST_EVENT_EMAIL, TRUSTEES_EMAIL } from "./site-copy.ts";

export { LEGAL_PAGES } from "./legal-pages.ts";

export const STARTING_CONTACT = {
  address: FOUNDATION.address.join("\n"),
  phone: FOUNDATION.phone,
  events_email: HOST_EVENT_EMAIL,
  craft_fairs_email: CRAFT_FAIRS_EMAIL,
  awards_email: AWARDS_EMAIL,
  fund_email: FUND_EMAIL,
  trustees_email: TRUSTEES_EMAIL,
};
