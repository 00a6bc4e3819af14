/**
 * What the rest of the site uses of bookings on the server: taking a booking (the event
 * page, a waitlist offer), the places an event has taken, the booking mail's dates and
 * links, the Stripe webhook's handlers, the late refunds' job, the staff figures (the
 * dashboard, an event's limit, a waitlist's screen) and the data protection tools' find,
 * export and erase. The pieces pages show are in ui.ts.
 */
export {
  BOOKING_REFUND_JOB,
  clientKey,
  countBookingAttempt,
  createBooking,
  holdForCheckout,
  offerFreedPlaces,
  owedRefunds,
  refundLatePayment,
  refusalMessage,
  releaseExpired,
  ticketOffer,
  type OrderLineRequest,
} from "./bookings.server.ts";
export { doorEvents, eventBookings, limitBelowTakenMessage, ticketsTaken, upcomingEventSales } from "./bookings-admin.server.ts";
export { bookingsDataExport, eraseFromBookings, findBookingsByEmail, type BookingWithTitle } from "./bookings-personal-data.server.ts";
export { bookingPath, longDate, shortTime, ticketSvg } from "./booking-mail.server.ts";
export { withBookingHandlers } from "./booking-webhooks.server.ts";
export { bookingFormErrors, BookingFormSchema } from "./booking.schema.ts";
export { placesLeft, placesTaken } from "./places.server.ts";
export { codeDatesState, type Discount } from "./pricing.ts";
export { CONFIRM_LINK_MINUTES, salesCloseAt, salesOpen } from "./sales.ts";
