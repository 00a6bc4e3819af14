/** What others use of waitlists (server side): the data protection tools' find, export and erase, and the refill when places come free (bookings). */
export { eraseWaitlistEntries, findWaitlistEntries, refillAfterErasure, waitlistDataExport, type WaitlistEntryWithEvent } from "./personal-data.server.ts";
export { refillWaitlist } from "./waitlist.server.ts";
