/** What the rest of the site uses of event tickets (server side): an event's ticket types and discount codes when a booking is made, and the first-start sample. */
export { checkCode, ensureTicketTypes, ticketTypesFor } from "./tickets.server.ts";
export { seedSampleTickets } from "./sample.server.ts";
export { followSinglePrice, quoteCode } from "./tickets.server.ts";
