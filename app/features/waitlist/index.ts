/** What others use of waitlists (server side): the data protection tools' find, export and erase; joining from an event's page; the refill when places come free (bookings). The join form is in ui.ts. */
export { eraseWaitlistEntries, findWaitlistEntries, refillAfterErasure, waitlistDataExport, type WaitlistEntryWithEvent } from "./personal-data.server.ts";
export { refillWaitlist } from "./waitlist.server.ts";
export { joinWaitlist, offerHours } from "./waitlist.server.ts";
