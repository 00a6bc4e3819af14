/** What the rest of the site uses of event tickets (server side). */
export { seedSampleTickets } from "./sample.server.ts";
export { followSinglePrice, quoteCode } from "./tickets.server.ts";
