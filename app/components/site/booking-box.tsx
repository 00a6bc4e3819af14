/**
 * The event page's ticket box for events that take bookings: free (name and email,
 * confirmed at once), paid (on to Stripe Checkout for quantity × price), or a link to
 * another site. Works without JavaScript: each quantity's option carries its own total,
 * so what is shown is what will be charged; with JavaScript a Total line follows the
 * choice as well. The server checks everything again (sales close, tickets left).
 */
import type { ReactNode } from "react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { formatPounds, maxQuantity, SALES_CLOSE_HOURS_BEFORE, CHECKOUT_HOLD_MINUTES, type TicketOffer } from "../../domain/bookings/sales.ts";
import { buttonClasses } from "../ui/button.ts";
import { TextField } from "../ui/fields.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import { CalendarIcon, TicketIcon } from "./icons.tsx";

/** What the event route's action answers when a booking could not be made. */
export interface BookingFormResult {
  form: "booking";
  message?: string;
  errors: Record<string, string>;
  values: { name: string; email: string; quantity: string; emailConsent?: string };
  /** A free booking waiting for the buyer to follow the link emailed to them. */
  sent?: { email: string; minutes: number };
}

const ticketsWord = (n: number) => (n === 1 ? "1 ticket" : `${n} tickets`);

/**
 * `consent`: the email consent box, given by the page (it belongs to the supporters
 * feature); `waitlist`: what a sold-out event offers instead (the waitlist feature's form).
 */
export function BookingBox({
  eventId,
  offer,
  result,
  consent,
  waitlist,
}: {
  eventId: number;
  offer: TicketOffer;
  result?: BookingFormResult;
  consent?: ReactNode;
  waitlist?: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const max = maxQuantity(offer.left);
  const initial = Math.min(max, Math.max(1, Number(result?.values.quantity) || 1));
  const [quantity, setQuantity] = useState(initial);
  // This form's request key, made once the page runs here (never in the server's HTML,
  // which the page cache shares): the same booking sent again (a retry after an error, a
  // second press) finds the booking it made instead of making another.
  const [requestKey] = useState(() => (typeof window === "undefined" ? "" : crypto.randomUUID().replaceAll("-", "")));
  const paid = offer.mode === "paid";
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "book";

  const calendarLink = (
    <a href={`/events/${eventId}/calendar.ics`} download className={buttonClasses("secondary", "md", "w-full")}>
      <CalendarIcon />
      Add to calendar
    </a>
  );
  const price = (
    <p className="mt-3 flex items-baseline justify-between gap-3">
      <span className="text-slate-700">{paid ? "Price per ticket" : "Price"}</span>
      <span className="font-display text-2xl font-semibold text-brand-800" data-testid="ticket-price">
        {offer.pricePence > 0 ? formatPounds(offer.pricePence) : "Free"}
      </span>
    </p>
  );

  let body;
  if (offer.mode === "external") {
    body = (
      <>
        {offer.priceText ? <p className="mt-3 text-lg font-semibold text-ink">{offer.priceText}</p> : null}
        <p className="mt-2 text-slate-700">Tickets for this event are sold by another website.</p>
        {offer.bookingUrl ? (
          <a href={offer.bookingUrl} rel="noopener noreferrer external" className={buttonClasses("primary", "lg", "mt-4 w-full")}>
            Book tickets
          </a>
        ) : null}
      </>
    );
  } else if (result?.sent) {
    body = (
      <div role="status" className="mt-4 rounded-xl bg-brand-50 p-4 text-ink">
        <p className="font-semibold">Check your email</p>
        <p className="mt-2">
          We are emailing a link to <strong className="break-all">{result.sent.email}</strong>. Open it and confirm your booking within{" "}
          {result.sent.minutes} minutes: your tickets are held until then.
        </p>
      </div>
    );
  } else if (offer.state === "closed") {
    body = (
      <>
        {price}
        <p role="status" className="mt-4 rounded-xl bg-slate-100 p-3 text-center font-semibold text-ink">
          Ticket sales have closed.
        </p>
        <p className="mt-2 text-center text-sm text-slate-600">Sales end {SALES_CLOSE_HOURS_BEFORE} hours before the event starts.</p>
      </>
    );
  } else if (offer.state === "sold-out") {
    body = (
      <>
        {price}
        <p role="status" className="mt-4 rounded-xl bg-sun-100 p-3 text-center font-semibold text-ink">
          Sold out
        </p>
        <p className="mt-2 text-center text-sm text-slate-600">All tickets for this event have been booked.</p>
        {waitlist}
      </>
    );
  } else if (offer.state === "unavailable") {
    body = (
      <>
        {price}
        <p role="status" className="mt-4 text-slate-700">
          Online ticket sales are not open yet. Please contact the organiser to book.
        </p>
      </>
    );
  } else {
    body = (
      <Form method="post" action={`/events/${eventId}#tickets`} className="mt-1 space-y-4">
        {hydrated && requestKey ? <input type="hidden" name="key" value={requestKey} /> : null}
        {price}
        {offer.left !== null ? (
          <p className="text-sm font-semibold text-slate-700" data-testid="tickets-left">
            {offer.left === 1 ? "1 ticket left" : `${offer.left} tickets left`}
          </p>
        ) : null}
        {result?.message ? (
          <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
            {result.message}
          </p>
        ) : null}
        <TextField name="name" label="Your name" autoComplete="name" maxLength={100} defaultValue={result?.values.name} error={result?.errors.name} />
        <TextField
          name="email"
          type="email"
          label="Email"
          hint="Your tickets are sent here."
          autoComplete="email"
          maxLength={254}
          defaultValue={result?.values.email}
          error={result?.errors.email}
        />
        <div>
          <label htmlFor="ticket-quantity" className="block font-semibold">
            Quantity
          </label>
          <select
            id="ticket-quantity"
            name="quantity"
            value={quantity}
            onChange={(e) => setQuantity(Number(e.target.value))}
            className="mt-1.5 block w-full rounded-xl border border-slate-400 bg-white px-3.5 py-2.5 text-base"
          >
            {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {paid ? `${ticketsWord(n)}: ${formatPounds(n * offer.pricePence)}` : ticketsWord(n)}
              </option>
            ))}
          </select>
        </div>
        {paid && hydrated ? (
          <p className="flex items-baseline justify-between border-t border-slate-200 pt-4">
            <span className="font-semibold">Total</span>
            <output htmlFor="ticket-quantity" aria-live="polite" data-testid="ticket-total" className="font-display text-3xl font-semibold text-brand-900">
              {formatPounds(quantity * offer.pricePence)}
            </output>
          </p>
        ) : null}
        {consent}
        <button type="submit" name="intent" value="book" disabled={busy} className={buttonClasses("primary", "lg", "w-full")}>
          {busy ? "Please wait..." : paid ? "Continue to payment" : "Book free tickets"}
        </button>
        <p className="text-center text-sm text-slate-600">
          {paid ? `You pay securely with Stripe. Your tickets are held for ${CHECKOUT_HOLD_MINUTES} minutes while you pay. ` : ""}
          Ticket sales end {SALES_CLOSE_HOURS_BEFORE} hours before the event.
        </p>
      </Form>
    );
  }

  return (
    <section id="tickets" aria-labelledby="tickets-heading" className="scroll-mt-24 rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200">
      <h2 id="tickets-heading" className="flex items-center gap-2 font-display text-2xl font-semibold text-brand-900">
        <TicketIcon className="size-6 text-sun-700" />
        Tickets
      </h2>
      {body}
      <div className="mt-5">{calendarLink}</div>
    </section>
  );
}
