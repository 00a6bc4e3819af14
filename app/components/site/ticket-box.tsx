/**
 * The event page's ticket box: quantity 1 to 10, the total with two decimals, and the
 * spec's purchase alert (no payment yet). Without JavaScript the form posts to the event
 * route, which answers with the same message and the quantity chosen (shown again, so the
 * total matches the message); the page opens at the message.
 */
import { useState } from "react";
import { Form } from "react-router";
import { clampQuantity, formatPrice, MAX_TICKETS, MIN_TICKETS, purchaseMessage, ticketTotal } from "../../domain/events/tickets.ts";
import { buttonClasses } from "../ui/button.ts";
import { CalendarIcon, TicketIcon } from "./icons.tsx";

export function TicketBox({
  eventId,
  price,
  priceText,
  ticketsAvailable,
  serverMessage,
  serverQuantity,
}: {
  eventId: number;
  /** Price per ticket in pounds, 0 when free, null when it is not a plain amount. */
  price: number | null;
  priceText: string | null;
  ticketsAvailable: number | null;
  serverMessage?: string;
  /** The quantity the server was sent, when it answered a request without JavaScript. */
  serverQuantity?: number;
}) {
  const [quantity, setQuantity] = useState(serverQuantity ?? MIN_TICKETS);
  const calendarLink = (
    <a href={`/events/${eventId}/calendar.ics`} download className={buttonClasses("secondary", "md", "w-full")}>
      <CalendarIcon />
      Add to calendar
    </a>
  );

  return (
    <section id="tickets" aria-labelledby="tickets-heading" className="scroll-mt-24 rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200">
      <h2 id="tickets-heading" className="flex items-center gap-2 font-display text-2xl font-semibold text-brand-900">
        <TicketIcon className="size-6 text-sun-700" />
        Tickets
      </h2>
      {price === null ? (
        <>
          <p className="mt-3 text-lg font-semibold text-ink">{priceText || "Details to follow"}</p>
          <p className="mt-1 text-slate-700">Please contact the organiser for ticket details.</p>
          <div className="mt-5">{calendarLink}</div>
        </>
      ) : price === 0 ? (
        <>
          <p className="mt-3 font-display text-3xl font-semibold text-brand-800">Free</p>
          <p className="mt-1 text-slate-700">No ticket needed: just come along. Everyone is welcome.</p>
          <div className="mt-5">{calendarLink}</div>
        </>
      ) : (
        <Form
          method="post"
          action={`/events/${eventId}#ticket-message`}
          className="mt-4 space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            window.alert(purchaseMessage(quantity, price));
          }}
        >
          <p className="flex items-baseline justify-between">
            <span className="text-slate-700">Price per ticket</span>
            <span className="font-display text-2xl font-semibold text-brand-800">{formatPrice(price)}</span>
          </p>
          {ticketsAvailable ? <p className="text-sm text-slate-600">{ticketsAvailable} tickets available</p> : null}
          <div>
            <label htmlFor="ticket-quantity" className="block font-semibold">
              Quantity
            </label>
            <select
              id="ticket-quantity"
              name="quantity"
              value={quantity}
              onChange={(e) => setQuantity(clampQuantity(e.target.value))}
              className="mt-1.5 block w-full rounded-xl border border-slate-400 bg-white px-3.5 py-2.5 text-base"
            >
              {Array.from({ length: MAX_TICKETS - MIN_TICKETS + 1 }, (_, i) => i + MIN_TICKETS).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <p className="flex items-baseline justify-between border-t border-slate-200 pt-4">
            <span className="font-semibold">Total</span>
            <output htmlFor="ticket-quantity" aria-live="polite" data-testid="ticket-total" className="font-display text-3xl font-semibold text-brand-900">
              £{ticketTotal(price, quantity)}
            </output>
          </p>
          <button type="submit" name="intent" value="purchase" className={buttonClasses("primary", "lg", "w-full")}>
            Purchase Tickets
          </button>
          {serverMessage ? (
            // The page opens here (the form's fragment) with the quantity and total above it in view.
            <p id="ticket-message" tabIndex={-1} role="status" className="scroll-mt-80 rounded-xl bg-sun-100 p-3 text-center font-semibold">
              {serverMessage}
            </p>
          ) : null}
          <p className="text-center text-sm text-slate-600">Ticket sales end 24 hours before the event.</p>
          {calendarLink}
        </Form>
      )}
    </section>
  );
}
