/** What the rest of the site uses of the contact details: the address, phone, emails and social links the public pages, PDFs and mails show. */
export { getContactDetails } from "./contact.server.ts";
