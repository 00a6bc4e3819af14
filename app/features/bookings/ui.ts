/** What other pages show of bookings (browser-safe): the event page's booking box and the answers it reads. */
export { BookingBox, type BookingAnswer, type CodeQuote, type OrderStep } from "./booking-box.tsx";
