/** What other pages show of bookings (browser-safe): the event page's booking box, and when a Millbrook date and time is. */
export { BookingBox, type BookingAnswer, type CodeQuote } from "./booking-box.tsx";
export { londonInstant } from "./sales.ts";
