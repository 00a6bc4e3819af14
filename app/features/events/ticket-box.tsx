/**
 * The event page's ticket box for events without online booking: the price and how to
 * get tickets, as staff wrote them ("£5", "Pay on the gate"). Nothing here sells or
 * pretends to: no quantity, no purchase button.
 */
import { buttonClasses } from "../../components/ui/button.ts";
import { CalendarIcon, TicketIcon } from "../../components/site/icons.tsx";

export function TicketBox({ eventId, price, ticketInfo }: { eventId: number; price: string | null; ticketInfo: string | null }) {
  const free = price === "Free";
  return (
    <section id="tickets" aria-labelledby="tickets-heading" className="scroll-mt-24 rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200">
      <h2 id="tickets-heading" className="flex items-center gap-2 font-display text-2xl font-semibold text-brand-900">
        <TicketIcon className="size-6 text-sun-700" />
        Tickets
      </h2>
      {price ? (
        <p className="mt-3 flex items-baseline justify-between gap-3">
          <span className="text-slate-700">Price</span>
          <span className="font-display text-2xl font-semibold text-brand-800" data-testid="ticket-price">
            {price}
          </span>
        </p>
      ) : null}
      <p className="mt-3 text-slate-700" data-testid="ticket-info">
        {ticketInfo || (free ? "No ticket needed: just come along. Everyone is welcome." : "Please contact the organiser for ticket details.")}
      </p>
      {price && !free ? <p className="mt-2 text-sm text-slate-600">Tickets for this event are not sold on this website.</p> : null}
      <a href={`/events/${eventId}/calendar.ics`} download className={buttonClasses("secondary", "md", "mt-5 flex w-full")}>
        <CalendarIcon />
        Add to calendar
      </a>
    </section>
  );
}
