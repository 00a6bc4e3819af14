/** What the rest of the site uses of event tickets (server side): an event's ticket types and discount codes when a booking is made. */
export { checkCode, ensureTicketTypes, followSinglePrice, quoteCode, ticketTypesFor } from "./tickets.server.ts";
