/** What other pages show of bookings (browser-safe): the event page's booking box and the answers it reads. */
export { BookingBox, type BookingAnswer, type CodeQuote } from "./booking-box.tsx";
/** What an event's staff screens of bookings and of its waitlist draw alike: a row's status, a refused form's message. */
export { Refusal, StatusCell } from "./admin/event-rows.tsx";
