/** What other pages show of bookings (browser-safe): the event page's booking box and the answers it reads. */
export { BookingBox, type BookingAnswer, type CodeQuote } from "./booking-box.tsx";
