/** What others use of waitlists (server side): the data protection tools' find, export and erase. */
export { eraseWaitlistEntries, findWaitlistEntries, refillAfterErasure, waitlistDataExport, type WaitlistEntryWithEvent } from "./personal-data.server.ts";
