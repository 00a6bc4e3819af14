/**
 * The site's settings, as other code reads them: the charity's name, number and address,
 * contact details, images and maintenance mode (pages, mails, PDFs). The platform does not
 * read them: what it needs is passed in from above. Editing them is this feature's admin/.
 */
export { getSiteSettings } from "./settings.server.ts";
