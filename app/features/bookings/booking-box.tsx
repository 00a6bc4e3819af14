/**
 * The event page's ticket box for events that take bookings: free (name and email,
 * confirmed at once), paid (on to Stripe Checkout, each ticket type its own line), or a
 * link to another site. An event with one ticket type shows one quantity; with several,
 * a quantity for each type with what is left of it.
 *
 * A paid order comes in two steps: the tickets, then the order's details ("Continue"). The
 * details can take a discount code ("Apply": a round trip to the server, which answers the
 * new total, so it works without JavaScript) and a donation, with the Gift Aid declaration
 * for the donation part only. With JavaScript "Continue" and "Change tickets" switch steps
 * in the page and a Total line follows the choices; without, each is a round trip that
 * keeps what was chosen and typed. The first step alone keeps the event page's first
 * response within one round trip (docs/decisions/382). The server checks everything again.
 */
import type { ReactNode } from "react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { maxQuantity, SALES_CLOSE_HOURS_BEFORE, CHECKOUT_HOLD_MINUTES, type TicketOffer } from "./sales.ts";
import { orderTotals, ORDER_DONATION_PRESETS, type Discount } from "./pricing.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { TextField } from "../../components/ui/fields.tsx";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { CalendarIcon, TicketIcon } from "../../components/site/icons.tsx";
import { formatPenceExact, readPence } from "../../lib/money.ts";
import type { FormReply } from "../../lib/form-reply.ts";
import { readReply } from "../../components/site/form-kit.tsx";

/** The code an order carries, as the server read it, and its reduction (none when refused: the reply says why, under `code`). */
export interface CodeQuote {
  code: string;
  discount: Discount | null;
}

/** A paid order's steps: the tickets, then the order's details. */
export type OrderStep = "tickets" | "details";

/**
 * What the event route's action answers to the booking form (docs/decisions/287): a
 * refused order, or "Apply" (a discount code), as Conform's reply (the values as typed, a
 * message per field, a refused code's under `code`, the order's own under `_form`) with the
 * code's quote; a paid order's step to show (without JavaScript: "Continue" and "Change
 * tickets"; none is the details); or a free booking waiting for the buyer to follow the
 * link emailed to them.
 */
export type BookingAnswer =
  | { intent: "book"; reply: FormReply; quote?: CodeQuote; step?: OrderStep }
  | { intent: "book"; sent: { email: string; minutes: number } };

const ticketsWord = (n: number) => (n === 1 ? "1 ticket" : `${n} tickets`);

/**
 * `answer`: what the action answered to this form; `consent`: the email consent box, given
 * by the page (it belongs to the supporters feature), ticked as it was sent; `waitlist`:
 * what a sold-out event offers instead (the waitlist feature's form).
 */
export function BookingBox({
  eventId,
  offer,
  answer,
  consent,
  waitlist,
}: {
  eventId: number;
  offer: TicketOffer;
  answer?: BookingAnswer;
  consent?: (ticked: boolean) => ReactNode;
  waitlist?: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
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
  const prices = offer.types.map((t) => t.pricePence);
  const from = prices.length > 1 ? Math.min(...prices) : null;
  const price = (
    <p className="mt-3 flex items-baseline justify-between gap-3">
      <span className="text-slate-700">{from !== null ? "Tickets" : paid ? "Price per ticket" : "Price"}</span>
      <span className="font-display text-2xl font-semibold text-brand-800" data-testid="ticket-price">
        {from !== null ? (Math.max(...prices) === 0 ? "Free" : from === 0 ? "From free" : `From ${formatPenceExact(from)}`) : offer.pricePence > 0 ? formatPenceExact(offer.pricePence) : "Free"}
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
  } else if (answer && "sent" in answer) {
    body = (
      <div role="status" className="mt-4 rounded-xl bg-brand-50 p-4 text-ink">
        <p className="font-semibold">Check your email</p>
        <p className="mt-2">
          We are emailing a link to <strong className="break-all">{answer.sent.email}</strong>. Open it and confirm your booking within{" "}
          {answer.sent.minutes} minutes: your tickets are held until then.
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
      <OrderForm eventId={eventId} offer={offer} answer={answer} consent={consent} hydrated={hydrated} requestKey={requestKey} busy={busy} price={price} />
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

const selectClass = "mt-1.5 block w-full rounded-xl border border-slate-400 bg-white px-3.5 py-2.5 text-base";

function OrderForm({
  eventId,
  offer,
  answer,
  consent,
  hydrated,
  requestKey,
  busy,
  price,
}: {
  eventId: number;
  offer: TicketOffer;
  answer?: BookingAnswer;
  consent?: (ticked: boolean) => ReactNode;
  hydrated: boolean;
  requestKey: string;
  busy: boolean;
  price: ReactNode;
}) {
  const paid = offer.mode === "paid";
  const refused = answer && "reply" in answer ? answer : undefined;
  const { text, checked, errors } = readReply(refused?.reply);
  const quote = refused?.quote;
  const single = offer.types.length <= 1;
  const [quantities, setQuantities] = useState<Record<number, number>>(() =>
    Object.fromEntries(offer.types.map((t, i) => [t.id, single && i === 0 ? Math.max(1, Number(text("quantity")) || 1) : Number(text(`qty-${t.id}`)) || 0])),
  );
  const [donation, setDonation] = useState((refused && text("donation")) || "0");
  const [donationOther, setDonationOther] = useState(text("donationOther"));
  const typedDonation = readPence(donationOther);
  const donationPence = donation === "other" ? (typedDonation.ok ? typedDonation.pence : 0) : Number(donation) || 0;
  const discount = quote?.discount ?? null;
  const totals = orderTotals(
    offer.types.map((t) => ({ unitPence: t.pricePence, quantity: quantities[t.id] ?? 0, placesPerTicket: t.placesPerTicket })),
    discount,
    paid ? donationPence : 0,
    false,
  );
  const placesWord = (n: number) => (n === 1 ? "1 place" : `${n} places`);
  const chosen = offer.types.filter((t) => (quantities[t.id] ?? 0) > 0);

  // A paid order's step: the answer's (a refused order or "Apply" is the details'), or the
  // buyer's with JavaScript. The details stay in the form once reached, hidden on the
  // tickets step, so going back to the tickets keeps what was typed.
  const answerStep: OrderStep = refused ? (refused.step ?? "details") : "tickets";
  const [step, setStep] = useState<OrderStep>(answerStep);
  const [stepOf, setStepOf] = useState(answer);
  if (stepOf !== answer) {
    setStepOf(answer);
    setStep(answerStep);
  }
  const [reached, setReached] = useState(Boolean(refused));
  const onTickets = paid && step === "tickets";
  const detailsInForm = !paid || step === "details" || reached;
  // Where focus goes when the buyer switches steps here.
  const moved = useRef(false);
  const ticketsStart = useRef<HTMLDivElement>(null);
  const detailsStart = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    if (step === "details") detailsStart.current?.focus();
    else ticketsStart.current?.querySelector("select")?.focus();
  }, [step]);
  const goTo = (next: OrderStep) => {
    moved.current = true;
    if (next === "details") setReached(true);
    setStep(next);
  };

  return (
    <Form method="post" action={`/events/${eventId}#tickets`} className="mt-1 space-y-4">
      {hydrated && requestKey ? <input type="hidden" name="key" value={requestKey} /> : null}
      {price}
      {offer.left !== null ? (
        <p className="text-sm font-semibold text-slate-700" data-testid="tickets-left">
          {single ? (offer.left === 1 ? "1 ticket left" : `${offer.left} tickets left`) : `${placesWord(offer.left)} left for this event`}
        </p>
      ) : null}
      {errors._form ? (
        <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {errors._form}
        </p>
      ) : null}
      {/* On the details step the quantities stay in the form, hidden, and are sent with it. */}
      <div ref={ticketsStart} hidden={paid && !onTickets} className="space-y-4">
        {single ? (
          <div>
            <label htmlFor="ticket-quantity" className="block font-semibold">
              Quantity
            </label>
            <select
              id="ticket-quantity"
              name="quantity"
              value={quantities[offer.types[0]?.id ?? 0] ?? 1}
              onChange={(e) => setQuantities({ [offer.types[0]?.id ?? 0]: Number(e.target.value) })}
              className={selectClass}
            >
              {Array.from({ length: maxQuantity(offer.types[0]?.left ?? offer.left) }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {paid ? `${ticketsWord(n)}: ${formatPenceExact(n * offer.pricePence)}` : ticketsWord(n)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <fieldset className="space-y-3">
            <legend className="font-semibold">Choose your tickets</legend>
            {offer.types.map((t) => {
              const max = maxQuantity(t.left);
              return (
                <div key={t.id} className="rounded-2xl bg-brand-50 p-3" data-testid="ticket-type">
                  <div className="flex items-baseline justify-between gap-3">
                    <label htmlFor={`qty-${t.id}`} className="font-semibold text-ink">
                      {t.name}
                    </label>
                    <span className="font-semibold text-brand-800">{t.pricePence > 0 ? formatPenceExact(t.pricePence) : "Free"}</span>
                  </div>
                  {t.description ? <p className="text-sm text-slate-700">{t.description}</p> : null}
                  <p className="text-sm text-slate-600">
                    {t.placesPerTicket > 1 ? `Admits ${t.placesPerTicket}. ` : ""}
                    {t.left === null ? "" : t.left === 0 ? "Sold out" : `${t.left} left`}
                  </p>
                  <select
                    id={`qty-${t.id}`}
                    name={`qty-${t.id}`}
                    value={quantities[t.id] ?? 0}
                    disabled={max === 0}
                    onChange={(e) => setQuantities((q) => ({ ...q, [t.id]: Number(e.target.value) }))}
                    className={selectClass}
                  >
                    {Array.from({ length: max + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {n === 0 ? "None" : paid && t.pricePence > 0 ? `${n}: ${formatPenceExact(n * t.pricePence)}` : String(n)}
                      </option>
                    ))}
                  </select>
                </div>
              );
            })}
          </fieldset>
        )}
      </div>
      {paid && !onTickets ? (
        <div className="rounded-2xl bg-brand-50 p-3">
          <h3 ref={detailsStart} tabIndex={-1} className="font-semibold text-ink">
            Your tickets
          </h3>
          <ul className="mt-1 text-slate-700" data-testid="order-tickets">
            {chosen.map((t) => (
              <li key={t.id}>
                {single ? ticketsWord(quantities[t.id] ?? 0) : `${quantities[t.id]} × ${t.name}`}: {formatPenceExact((quantities[t.id] ?? 0) * t.pricePence)}
              </li>
            ))}
          </ul>
          <button
            type="submit"
            name="intent"
            value="tickets"
            formNoValidate
            onClick={(e) => {
              e.preventDefault();
              goTo("tickets");
            }}
            className="mt-2 font-semibold text-brand-700 underline"
          >
            Change tickets
          </button>
        </div>
      ) : null}
      {detailsInForm ? (
        <div hidden={onTickets} className="space-y-4">
          {offer.attendeeNames ? (
            <div>
              <label htmlFor="attendees" className="block font-semibold">
                Names of the people coming <span className="font-normal text-slate-600">(optional)</span>
              </label>
              <p id="attendees-hint" className="text-sm text-slate-600">
                One name a line, a line for each ticket, in the order above.
              </p>
              <textarea id="attendees" name="attendees" rows={3} maxLength={2000} aria-describedby="attendees-hint" defaultValue={text("attendees")} className={selectClass} />
            </div>
          ) : null}
          {paid ? (
            <>
              <div>
                <label htmlFor="discount-code" className="block font-semibold">
                  Discount code <span className="font-normal text-slate-600">(optional)</span>
                </label>
                <div className="mt-1.5 flex gap-2">
                  <input
                    id="discount-code"
                    name="code"
                    defaultValue={quote?.code ?? text("code")}
                    autoComplete="off"
                    maxLength={40}
                    aria-describedby={errors.code ? "discount-code-message" : undefined}
                    className="block w-full min-w-0 rounded-xl border border-slate-400 bg-white px-3.5 py-2.5 text-base uppercase"
                  />
                  <button type="submit" name="intent" value="quote" formNoValidate className={buttonClasses("secondary", "md", "shrink-0")}>
                    Apply
                  </button>
                </div>
                {errors.code ? (
                  <p id="discount-code-message" role="alert" className="mt-1.5 text-sm font-semibold text-red-800">
                    {errors.code}
                  </p>
                ) : quote?.discount ? (
                  <p role="status" className="mt-1.5 text-sm font-semibold text-brand-800">
                    Code {quote.code} applied: {quote.discount.kind === "percent" ? `${quote.discount.amount}% off` : `${formatPenceExact(quote.discount.amount)} off`} the tickets.
                  </p>
                ) : null}
              </div>
              <fieldset>
                <legend className="font-semibold">
                  Add a donation <span className="font-normal text-slate-600">(optional)</span>
                </legend>
                <div className="mt-1.5 flex flex-wrap gap-2">
                  {[0, ...ORDER_DONATION_PRESETS].map((pence) => (
                    <label key={pence} className="flex items-center gap-2 rounded-xl border border-slate-300 px-3 py-2">
                      <input type="radio" name="donation" value={String(pence)} checked={donation === String(pence)} onChange={() => setDonation(String(pence))} />
                      {pence === 0 ? "No thanks" : formatPenceExact(pence)}
                    </label>
                  ))}
                  <label className="flex items-center gap-2 rounded-xl border border-slate-300 px-3 py-2">
                    <input type="radio" name="donation" value="other" checked={donation === "other"} onChange={() => setDonation("other")} />
                    Another amount
                  </label>
                </div>
                <label htmlFor="donation-other" className="mt-2 block text-sm font-semibold">
                  Another amount (£)
                </label>
                <input
                  id="donation-other"
                  name="donationOther"
                  inputMode="decimal"
                  value={donationOther}
                  onChange={(e) => {
                    setDonationOther(e.target.value);
                    setDonation("other");
                  }}
                  className="mt-1 block w-32 rounded-xl border border-slate-400 bg-white px-3.5 py-2 text-base"
                />
              </fieldset>
              <details className="rounded-2xl bg-brand-50 p-3" open={checked("giftAid")}>
                <summary className="cursor-pointer font-semibold">Gift Aid your donation</summary>
                <p className="mt-2 text-sm text-slate-700">
                  Gift Aid is for the donation only: tickets cannot be Gift Aided, because you get entry for them. If you tick the box, all four details below are needed.
                </p>
                <label className="mt-2 flex items-start gap-2">
                  <input type="checkbox" name="giftAid" defaultChecked={checked("giftAid")} className="mt-1" />
                  <span className="text-sm">{offer.giftAidDeclaration}</span>
                </label>
                <div className="mt-2 grid grid-cols-2 gap-2">
                  <TextField required={false} name="gaFirst" label="First name" autoComplete="given-name" maxLength={50} defaultValue={text("gaFirst")} error={errors.gaFirst} />
                  <TextField required={false} name="gaLast" label="Last name" autoComplete="family-name" maxLength={50} defaultValue={text("gaLast")} error={errors.gaLast} />
                  <TextField required={false} name="gaHouse" label="House name or number" autoComplete="address-line1" maxLength={100} defaultValue={text("gaHouse")} error={errors.gaHouse} />
                  <TextField required={false} name="gaPostcode" label="Postcode" autoComplete="postal-code" maxLength={10} defaultValue={text("gaPostcode")} error={errors.gaPostcode} />
                </div>
              </details>
            </>
          ) : null}
          <TextField name="name" label="Your name" autoComplete="name" maxLength={100} defaultValue={text("name")} error={errors.name} />
          <TextField
            name="email"
            type="email"
            label="Email"
            hint="Your tickets are sent here."
            autoComplete="email"
            maxLength={254}
            defaultValue={text("email")}
            error={errors.email}
          />
          {consent?.(checked("emailConsent"))}
        </div>
      ) : null}
      {paid && (hydrated || quote) ? (
        <dl className="space-y-1 border-t border-slate-200 pt-4" data-testid="order-summary">
          {totals.discountPence > 0 ? (
            <div className="flex justify-between text-slate-700">
              <dt>Discount</dt>
              <dd data-testid="order-discount">−{formatPenceExact(totals.discountPence)}</dd>
            </div>
          ) : null}
          {totals.donationPence > 0 ? (
            <div className="flex justify-between text-slate-700">
              <dt>Donation</dt>
              <dd>{formatPenceExact(totals.donationPence)}</dd>
            </div>
          ) : null}
          <div className="flex items-baseline justify-between">
            <dt className="font-semibold">Total</dt>
            <dd>
              <output aria-live="polite" data-testid="ticket-total" className="font-display text-3xl font-semibold text-brand-900">
                {formatPenceExact(totals.totalPence)}
              </output>
            </dd>
          </div>
        </dl>
      ) : null}
      {onTickets ? (
        <button
          type="submit"
          name="intent"
          value="details"
          formNoValidate
          onClick={(e) => {
            // With JavaScript the next step is already here; with no ticket chosen the server says so.
            if (chosen.length === 0) return;
            e.preventDefault();
            goTo("details");
          }}
          className={buttonClasses("primary", "lg", "w-full")}
        >
          Continue
        </button>
      ) : (
        <button type="submit" name="intent" value="book" disabled={busy} className={buttonClasses("primary", "lg", "w-full")}>
          {busy ? "Please wait..." : paid ? "Continue to payment" : "Book free tickets"}
        </button>
      )}
      <p className="text-center text-sm text-slate-600">
        {paid ? `You pay securely with Stripe. Your tickets are held for ${CHECKOUT_HOLD_MINUTES} minutes while you pay. ` : ""}
        Ticket sales end {SALES_CLOSE_HOURS_BEFORE} hours before the event.
      </p>
    </Form>
  );
}
