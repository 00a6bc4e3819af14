/**
 * A buyer's booking, by the link in their confirmation (reference + secret token): the
 * ticket with its QR code (drawn on the server as SVG), the event's details, the
 * calendar file, and cancellation up to the sales cut-off. Never cached, never indexed.
 */
import type { QueryHandle } from "../../lib/page-query.ts";
import { data, Form, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { buttonClasses } from "../../components/ui/button.ts";
import { CalendarIcon, CheckIcon, TicketIcon } from "../../components/site/icons.tsx";
import { formatLongDate, formatTime } from "../../components/site/format.ts";
import { bookingByLink, cancelByToken, confirmByLink, resumeOrRelease, ticketsAreMailed, type BookingWithEvent } from "./bookings.server.ts";
import { bookingPath, ticketQr } from "./booking-mail.server.ts";
import { salesCloseAt, salesOpen } from "./sales.ts";
import type { Route } from "./+types/booking-page";
import { formatPenceExact } from "../../lib/money.ts";
import { formatUk } from "../../lib/uk-time.ts";
import { refusedForm } from "../../lib/form-submission.ts";
import { readReply } from "../../components/site/form-kit.tsx";
import { FieldError } from "../../components/ui/fields.tsx";

const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export const handle: QueryHandle = { query: ["checkout"] };

async function view({ booking, event }: BookingWithEvent, now = new Date()) {
  return {
    reference: booking.reference,
    status: booking.status,
    name: booking.name,
    email: booking.email,
    quantity: booking.quantity,
    amount: booking.amount_pence > 0 ? formatPenceExact(booking.amount_pence) : "Free",
    checkedIn: booking.checked_in_at !== null,
    canCancel: booking.status === "confirmed" && salesOpen(event, now),
    cancelUntil: formatUk(salesCloseAt(event), "date-time"),
    paid: booking.amount_pence > 0,
    event: {
      id: event.id,
      title: event.title,
      date: event.date,
      time: event.time,
      endTime: event.end_time,
      place: event.location,
      address: event.location_address,
    },
    qr: booking.status === "confirmed" ? await ticketQr(booking.reference) : null,
    /** A free booking held until the buyer confirms it here (the link came by email). */
    awaitingConfirm: booking.status === "held" && booking.amount_pence === 0 && !booking.stripe_checkout_session_id,
    holdUntil: booking.hold_expires_at ? formatUk(booking.hold_expires_at, "date-time") : null,
    /** Whether the ticket was emailed (mail is configured). */
    mailed: ticketsAreMailed(),
  };
}

/**
 * A refusal is Conform's reply (docs/decisions/287): the form's own message under `_form`,
 * the unticked cancel box's under its field; a done action answers `{ message }`.
 */
const refuse = (status: number, errors: Record<string, string>) => data(refusedForm(errors), { status, headers: NO_STORE });
const done = (message: string) => data({ message }, { headers: NO_STORE });

async function load(params: Route.LoaderArgs["params"]) {
  const found = await bookingByLink(params.reference, params.token);
  if (!found) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  return found;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const found = await load(params);
  const checkoutLeft = new URL(request.url).searchParams.get("checkout") === "cancelled";
  // Without a mail server nothing was emailed: the page says so, and that it is the ticket.
  return data({ booking: await view(found), checkoutLeft, mailed: ticketsAreMailed() }, { headers: NO_STORE });
}

export async function action({ params, request }: Route.ActionArgs) {
  await load(params);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "confirm") {
    const outcome = await confirmByLink(params.reference, params.token);
    if (outcome.outcome === "confirmed" || outcome.outcome === "already-confirmed") return redirect(bookingPath(params.reference, params.token), 303);
    return refuse(409, { _form: "This booking was not confirmed in time, so its tickets were released. Please book again from the event page." });
  }
  if (intent === "resume" || intent === "release") {
    const outcome = await resumeOrRelease(params.reference, params.token, intent).catch(() => null);
    if (intent === "resume" && outcome?.checkoutUrl) return redirect(outcome.checkoutUrl, 303);
    if (intent === "release" && outcome) return done("Your tickets have been released. Nothing has been charged.");
    return refuse(409, { _form: "This payment can no longer be continued. Please book again from the event page." });
  }
  if (intent !== "cancel") return refuse(400, { _form: "Unknown request." });
  if (form.get("confirm") !== "yes") return refuse(400, { confirm: "Please tick the box to confirm that you want to cancel." });
  const result = await cancelByToken(params.reference, params.token);
  switch (result.outcome) {
    case "cancelled":
      return done("Your booking is cancelled and your tickets have been released.");
    case "refunded":
      return done("Your booking is cancelled. Your payment has been refunded in full: it can take 5 to 10 days to reach your account.");
    case "too-late":
      return refuse(409, { _form: "Bookings can be cancelled online until 24 hours before the event. Please contact us." });
    case "refund-failed":
      return refuse(502, { _form: "Sorry, we couldn't refund your payment just now, so your booking has not been cancelled. Please try again later or contact us." });
    default:
      return refuse(409, { _form: "This booking cannot be cancelled." });
  }
}

export function headers({ parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  for (const [name, value] of Object.entries(NO_STORE)) headers.set(name, value);
  return headers;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Your booking ${loaderData.booking.reference}` : "Booking not found"} | Millbrook Community Foundation` },
  { name: "description", content: "Your booking with Millbrook Community Foundation: the event, your places and how to cancel them." },
  { name: "robots", content: "noindex" },
];

const STATUS_TEXT: Record<string, string> = {
  cancelled: "This booking has been cancelled.",
  refunded: "This booking has been cancelled and refunded.",
  expired: "This booking was not completed: the payment was not made in time, so nothing was charged.",
};
const FREE_EXPIRED = "This booking was not confirmed in time, so its tickets were released. You can book again from the event page.";

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, checkoutLeft, mailed } = loaderData;
  const { event } = booking;
  const confirmed = booking.status === "confirmed";
  const message = actionData && "message" in actionData ? actionData.message : null;
  const refused = actionData && !("message" in actionData) ? actionData : undefined;
  const { errors } = readReply(refused);
  const error = errors._form ?? errors.confirm;
  return (
    <div className="bg-linear-to-b from-sun-100 to-white px-4 pt-28 pb-20 sm:pt-36">
      <div className="mx-auto max-w-2xl">
        <div className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-10">
          {confirmed ? (
            <p className="inline-flex items-center gap-2 rounded-full bg-brand-100 px-3 py-1 text-sm font-bold text-brand-800">
              <CheckIcon className="size-4" />
              Booking confirmed
            </p>
          ) : null}
          <h1 className="mt-3 font-display text-3xl font-semibold text-brand-900 sm:text-4xl">
            {confirmed ? "You're booked" : booking.awaitingConfirm ? "Confirm your booking" : booking.status === "held" ? "Waiting for your payment" : "Your booking"}
          </h1>
          {message ? (
            <p role="status" className="mt-4 rounded-2xl bg-brand-50 p-4 font-semibold text-brand-900">
              {message}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="mt-4 rounded-2xl border-2 border-red-700 bg-red-50 p-4 text-red-900">
              {error}
            </p>
          ) : null}
          {booking.awaitingConfirm && !error ? (
            <Form method="post" className="mt-4">
              <p className="text-lg text-slate-700" role="status">
                Your tickets are held until {booking.holdUntil}. Press the button to confirm your booking.
              </p>
              <button type="submit" name="intent" value="confirm" className={buttonClasses("primary", "lg", "mt-4")}>
                Confirm my booking
              </button>
            </Form>
          ) : null}
          {booking.status === "held" && !booking.awaitingConfirm && !message ? (
            <>
              <p className="mt-4 text-lg text-slate-700" role="status">
                {checkoutLeft
                  ? "Your payment was not completed, so nothing has been charged. Your tickets are held for you for up to 30 minutes."
                  : "We are waiting for Stripe to confirm your payment. This usually takes a few seconds: please reload this page."}
              </p>
              {checkoutLeft ? (
                <Form method="post" className="mt-4 flex flex-wrap gap-3">
                  <button type="submit" name="intent" value="resume" className={buttonClasses("primary", "md")}>
                    Return to payment
                  </button>
                  <button type="submit" name="intent" value="release" className={buttonClasses("secondary", "md")}>
                    Release my tickets
                  </button>
                </Form>
              ) : null}
            </>
          ) : null}
          {!confirmed && booking.status !== "held" && !message ? <p className="mt-4 text-lg text-slate-700">{booking.status === "expired" && !booking.paid ? FREE_EXPIRED : STATUS_TEXT[booking.status]}</p> : null}
          {confirmed ? (
            <p className="mt-3 text-lg text-slate-700" data-testid="ticket-delivery">
              Thank you, {booking.name}.{" "}
              {mailed
                ? `We are emailing your ticket to ${booking.email}. You can also keep this page: it is your ticket and your way to cancel.`
                : "Keep this page: it is your ticket and your way to cancel."}
            </p>
          ) : null}

          <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]" data-testid="booking-details">
            <dt className="font-semibold text-slate-600">Reference</dt>
            <dd className="font-mono text-lg font-bold tracking-wider text-ink">{booking.reference}</dd>
            <dt className="font-semibold text-slate-600">Event</dt>
            <dd>
              <a href={`/events/${event.id}`} className="font-semibold text-brand-700 underline underline-offset-2">
                {event.title}
              </a>
            </dd>
            <dt className="font-semibold text-slate-600">Date</dt>
            <dd>{formatLongDate(event.date)}</dd>
            <dt className="font-semibold text-slate-600">Time</dt>
            <dd>
              {formatTime(event.time)}
              {event.endTime ? ` to ${formatTime(event.endTime)}` : ""}
            </dd>
            <dt className="font-semibold text-slate-600">Place</dt>
            <dd className="wrap-anywhere" data-testid="booking-place">
              {event.place}
              {event.address && event.address !== event.place ? (
                <>
                  <br />
                  <span className="text-slate-700">{event.address}</span>
                </>
              ) : null}
            </dd>
            <dt className="font-semibold text-slate-600">Tickets</dt>
            <dd>{booking.quantity}</dd>
            <dt className="font-semibold text-slate-600">Amount</dt>
            <dd>{booking.amount}</dd>
          </dl>

          {booking.qr ? (
            <figure className="mt-8 flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-brand-300 p-6" data-testid="ticket">
              <TicketIcon className="size-7 text-sun-700" />
              <svg
                viewBox={`-4 -4 ${booking.qr.size + 8} ${booking.qr.size + 8}`}
                width="200"
                height="200"
                role="img"
                aria-label={`QR code of booking reference ${booking.reference}`}
                shapeRendering="crispEdges"
                className="bg-white"
                data-testid="ticket-qr"
              >
                <rect x="-4" y="-4" width={booking.qr.size + 8} height={booking.qr.size + 8} fill="#fff" />
                <path d={booking.qr.path} fill="#000" />
              </svg>
              <figcaption className="text-center">
                <span className="block font-mono text-xl font-bold tracking-wider">{booking.reference}</span>
                <span className="text-sm text-slate-600">
                  {booking.checkedIn ? "Checked in. Enjoy the event!" : "Show this at the door, or tell us your reference."}
                </span>
              </figcaption>
            </figure>
          ) : null}

          <div className="mt-8 flex flex-wrap gap-3">
            {/* Only a booking that stands goes in a calendar (not a cancelled, refunded or lapsed one). */}
            {confirmed || booking.status === "held" ? (
              <a href={`/events/${event.id}/calendar.ics`} download className={buttonClasses("secondary", "md")}>
                <CalendarIcon />
                Add to calendar
              </a>
            ) : null}
            <a href={`/events/${event.id}`} className={buttonClasses("ghost", "md")}>
              Event details
            </a>
          </div>

          {booking.canCancel && !message ? (
            <Form method="post" className="mt-10 border-t border-slate-200 pt-6">
              <h2 className="font-display text-xl font-semibold text-brand-900">Can't come?</h2>
              <p className="mt-2 text-slate-700">
                You can cancel until {booking.cancelUntil}.{" "}
                {booking.paid ? "Your payment will be refunded in full." : "Your tickets will go back on sale."}
              </p>
              {/* The box's message sits beside it too (linked), not only at the top, where a page posted without JavaScript opens. */}
              <label className="mt-4 flex items-start gap-3">
                <input
                  type="checkbox"
                  id="confirm"
                  name="confirm"
                  value="yes"
                  required
                  aria-invalid={errors.confirm ? true : undefined}
                  aria-describedby={errors.confirm ? "confirm-error" : undefined}
                  className="mt-1 size-5"
                />
                <span>Yes, I want to cancel this booking</span>
              </label>
              <FieldError id="confirm" error={errors.confirm} />
              <button type="submit" name="intent" value="cancel" className={buttonClasses("secondary", "md", "mt-4")}>
                Cancel booking
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="bg-linear-to-b from-sun-100 to-white px-4 pt-36 pb-24 text-center">
      <div className="mx-auto max-w-xl">
        <h1 className="font-display text-4xl font-semibold text-brand-900">{notFound ? "Booking not found" : "Something went wrong"}</h1>
        <p className="mt-4 text-lg text-slate-700">
          {notFound
            ? "We could not find that booking. Please check the link in your confirmation email."
            : "Sorry, we couldn't show your booking just now. Please try again in a moment."}
        </p>
        <a href="/events" className={buttonClasses("primary", "lg", "mt-8")}>
          See upcoming events
        </a>
      </div>
    </div>
  );
}
