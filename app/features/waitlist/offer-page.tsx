/**
 * The page an offer's email links to (/waitlist/<entry>/<token>): the places held for
 * this person, until when, and the button that books them (free: confirmed at once, as
 * the link came to their email; paid: on to Stripe Checkout). Never cached, never indexed.
 */
import { data, Form, redirect } from "react-router";
import { formatLongDate, formatTime } from "../../components/site/format.ts";
import { TicketIcon } from "../../components/site/icons.tsx";
import { buttonClasses } from "../../components/ui/button.ts";
import { bookingPath, clientKey, countBookingAttempt, createBooking, holdForCheckout, refusalMessage } from "../bookings/index.ts";

import { countCheckoutStart, CHECKOUT_LIMIT_MESSAGE } from "../../domain/limits/checkout-starts.server.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { publicOrigin } from "../../payments/stripe.server.ts";
import { offerByLink, offerOpen } from "./waitlist.server.ts";
import type { Route } from "./+types/offer-page";
import { formatPenceExact } from "../../lib/money.ts";
import { formatUk } from "../../lib/uk-time.ts";
import { refusedForm } from "../../lib/form-submission.ts";
import { readReply } from "../../components/site/form-kit.tsx";

const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

async function load(params: Route.LoaderArgs["params"]) {
  return offerByLink(params.entry, params.token);
}

export async function loader({ params }: Route.LoaderArgs) {
  const found = await load(params);
  if (!found) return data({ offer: null }, { status: 404, headers: NO_STORE });
  const { entry, event } = found;
  return data(
    {
      offer: {
        name: entry.name,
        email: entry.email,
        places: entry.places,
        open: offerOpen(entry),
        booked: entry.status === "booked",
        until: entry.offer_expires_at ? formatUk(entry.offer_expires_at, "date-time") : null,
        paid: event.booking_mode === "paid",
        pricePence: event.ticket_price_pence ?? 0,
        event: { id: event.id, title: event.title, date: event.date, time: event.time, place: event.location },
      },
    },
    { headers: NO_STORE },
  );
}

/** A refusal is Conform's reply with the form's own message (docs/decisions/287). */
const refuse = (status: number, message: string) => data(refusedForm({ _form: message }), { status, headers: NO_STORE });

export async function action({ params, request, context }: Route.ActionArgs) {
  const found = await load(params);
  if (!found) return refuse(404, "This offer has ended, or the link is not complete.");
  const { entry, event } = found;
  const ip = context.get(requestInfoContext).ip;
  if (!(await countBookingAttempt(ip))) return refuse(429, "You have made several bookings in a short time. Please wait a few minutes and try again.");
  const form = await request.formData();
  const quantity = Number(form.get("quantity"));
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > entry.places) return refuse(400, `Please choose from 1 to ${entry.places} places.`);
  const booking = {
    eventId: event.id,
    name: entry.name,
    email: entry.email,
    quantity,
    client: await clientKey(ip),
    waitlistOffer: { entryId: entry.id, token: params.token },
  };
  if (event.booking_mode === "paid") {
    if (!(await countCheckoutStart(ip))) return refuse(429, CHECKOUT_LIMIT_MESSAGE);
    const held = await holdForCheckout(booking, { origin: publicOrigin() });
    if (!held.ok) return refuse(409, refusalMessage(held));
    return redirect(held.checkoutUrl, 303);
  }
  // The link came to this address: the booking is confirmed at once, no second email link.
  const made = await createBooking(booking, { confirmByEmail: false });
  if (!made.ok) return refuse(409, refusalMessage(made));
  return redirect(bookingPath(made.booking.reference, made.token), 303);
}

export function headers({ parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  for (const [name, value] of Object.entries(NO_STORE)) headers.set(name, value);
  return headers;
}

export const meta: Route.MetaFunction = () => [{ title: "Your waitlist offer | Millbrook Community Foundation" }, { name: "robots", content: "noindex" }];

const placesWord = (n: number) => (n === 1 ? "1 place" : `${n} places`);

export default function OfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const { offer } = loaderData;
  const refused = readReply(actionData).errors._form;
  return (
    <div className="bg-linear-to-b from-sun-100 to-white px-4 pt-28 pb-20 sm:pt-36">
      <div className="mx-auto max-w-2xl rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-10">
        {!offer ? (
          <>
            <h1 className="font-display text-3xl font-semibold text-brand-900">Offer not found</h1>
            <p className="mt-3 text-lg text-slate-700">This offer has ended, or the link is not complete. Places that were not booked in time go to the next person on the waitlist.</p>
            <a href="/events" className={buttonClasses("primary", "md", "mt-6")}>
              See upcoming events
            </a>
          </>
        ) : (
          <>
            <p className="inline-flex items-center gap-2 rounded-full bg-sun-100 px-3 py-1 text-sm font-bold text-ink">
              <TicketIcon className="size-4" />
              From the waitlist
            </p>
            <h1 className="mt-3 font-display text-3xl font-semibold text-balance text-brand-900 sm:text-4xl">{offer.event.title}</h1>
            <p className="mt-2 text-lg text-slate-700">
              {formatLongDate(offer.event.date)}, {formatTime(offer.event.time)} · {offer.event.place}
            </p>
            {offer.booked ? (
              <p role="status" className="mt-6 rounded-xl bg-brand-50 p-4 font-semibold text-ink">
                These places are booked. Your tickets were sent to {offer.email}.
              </p>
            ) : !offer.open ? (
              <p role="status" className="mt-6 rounded-xl bg-slate-100 p-4 font-semibold text-ink">
                This offer has ended, so its places have gone to the next person on the waitlist.
              </p>
            ) : (
              <Form method="post" className="mt-6 space-y-4">
                <p className="text-lg text-ink">
                  Hello {offer.name}: we are holding <strong>{placesWord(offer.places)}</strong> for you until <strong>{offer.until}</strong>.
                </p>
                {refused ? (
                  <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
                    {refused}
                  </p>
                ) : null}
                <div>
                  <label htmlFor="offer-quantity" className="block font-semibold">
                    Places to book
                  </label>
                  <select id="offer-quantity" name="quantity" defaultValue={offer.places} className="mt-1.5 block w-full rounded-xl border border-slate-400 bg-white px-3.5 py-2.5 text-base">
                    {Array.from({ length: offer.places }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {offer.paid ? `${placesWord(n)}: ${formatPenceExact(n * offer.pricePence)}` : placesWord(n)}
                      </option>
                    ))}
                  </select>
                </div>
                <p className="text-sm text-slate-600">Your tickets go to {offer.email}.</p>
                <button type="submit" className={buttonClasses("primary", "lg", "w-full")}>
                  {offer.paid ? "Continue to payment" : "Book these places"}
                </button>
              </Form>
            )}
          </>
        )}
      </div>
    </div>
  );
}
