import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { ConsentBox } from "../supporters/ui.ts";
import { BookingBox, type BookingAnswer, type CodeQuote, type OrderStep } from "../bookings/ui.ts";
import { CATEGORY_LABELS, EventCard, eventCardData } from "./event-card.tsx";
import { formatLongDate, formatTime, paragraphs } from "../../components/site/format.ts";
import { ArrowLeftIcon, CalendarIcon, ClockIcon, MailIcon, MapPinIcon, UserIcon } from "../../components/site/icons.tsx";
import { SafeImage } from "../../components/site/safe-image.tsx";
import { originFrom, pageMeta, SITE_NAME, siteFrom } from "../../components/site/seo.ts";
import { JsonLd } from "../../components/ui/json-ld.tsx";
import { LinkedText } from "../../components/site/linked-text.tsx";
import { ShareButton } from "../../components/site/share-button.tsx";
import { ErrorPanel } from "../../components/site/error-panel.tsx";
import { TicketBox } from "./ticket-box.tsx";
import { buttonClasses } from "../../components/ui/button.ts";
import { getPublicEvent, listUpcomingEvents } from "./events.server.ts";
import { getSiteSettings } from "../../features/settings/index.ts";
import { eventPriceLabel, ticketPricePence } from "./tickets.ts";
import { penceAsPounds, readPence } from "../../lib/money.ts";
import { bookingFormErrors, BookingFormSchema, bookingPath, clientKey, CONFIRM_LINK_MINUTES, countBookingAttempt, createBooking, holdForCheckout, refusalMessage, ticketOffer, type OrderLineRequest } from "../../features/bookings/index.ts";
import { quoteCode } from "../event-tickets/index.ts";
import { CHARITY_NAME, giftAidDeclarationText } from "../../features/giving/ui.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { CHECKOUT_LIMIT_MESSAGE, countCheckoutStart } from "../../domain/limits/checkout-starts.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { publicOrigin } from "../../payments/stripe.server.ts";
import { readFormData } from "../../lib/form-post.server.ts";
import type { Route } from "./+types/event-page";
import { CONSENT_FIELD, consentTicked } from "../supporters/ui.ts";
import { WaitlistForm, type WaitlistAnswer } from "../waitlist/ui.ts";
import { refusedForm } from "../../lib/form-submission.ts";
import { joinWaitlist, offerHours } from "../waitlist/index.ts";

async function loadEvent(id: string) {
  const event = /^\d{1,10}$/.test(id) ? await getPublicEvent(Number(id)) : null;
  if (!event) throw data({ notFound: true }, { status: 404 });
  return event;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await loadEvent(params.id);
  const settings = await getSiteSettings(context);
  // The next few: three, besides this one.
  const upcoming = await listUpcomingEvents({ limit: 4 });
  // Tickets left change with every booking: read them fresh (the booking publishes "events").
  const offer = await ticketOffer(event).catch((error: unknown) => {
    logger.warn({ err: error, event: event.id }, "ticket availability could not be read");
    return null;
  });
  return {
    event,
    offer: offer && { ...offer, giftAidDeclaration: giftAidDeclarationText(CHARITY_NAME) },
    // How long a waitlist offer holds its places, for the sold-out box's waitlist form.
    waitlistHours: offer?.state === "sold-out" ? await offerHours() : null,
    pricePence: ticketPricePence(event.ticket_price),
    priceLabel: eventPriceLabel(event),
    contactEmail: settings.contact_email,
    others: upcoming.items.filter((e) => e.id !== event.id).slice(0, 3).map(eventCardData),
  };
}

/** Bookings (free: confirmed, then the booking page; paid: on to Stripe Checkout). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const event = await loadEvent(params.id);
  const form = await readFormData(request);
  if (form.get("intent") === "waitlist") return joinList(event, form, context.get(requestInfoContext).ip);
  return book(event, form, request, context.get(requestInfoContext).ip);
}

/** Joining a sold-out event's waitlist (the same checks of name and email as a booking). */
async function joinList(event: Awaited<ReturnType<typeof loadEvent>>, form: FormData, ip: string) {
  const values = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? ""), places: String(form.get("places") ?? "") };
  const answer = (status: number, errors: Record<string, string>) => data<WaitlistAnswer>({ intent: "waitlist", reply: refusedForm(errors, values) }, { status });
  if (!(await countBookingAttempt(ip))) return answer(429, { _form: "You have sent this form several times in a short time. Please wait a few minutes and try again." });
  const parsed = BookingFormSchema.safeParse({ name: values.name, email: values.email, quantity: values.places });
  if (!parsed.success) {
    const { quantity, ...errors } = bookingFormErrors(parsed.error);
    return answer(400, { ...errors, ...(quantity ? { places: "Please choose from 1 to 10 places" } : {}), _form: "Please check the details below." });
  }
  const joined = await joinWaitlist({
    eventId: event.id,
    name: parsed.data.name,
    email: parsed.data.email,
    places: parsed.data.quantity,
    emailConsent: consentTicked(form.get(CONSENT_FIELD)),
  });
  if (joined.ok) return data<WaitlistAnswer>({ intent: "waitlist", joined: { position: joined.position, email: joined.entry.email } });
  const message =
    joined.reason === "already-waiting"
      ? "You are already on the waitlist for this event. We will email you if places come up."
      : joined.reason === "places-left"
        ? `Places have come up: ${joined.left === 1 ? "1 is" : `${joined.left} are`} free to book now.`
        : joined.reason === "closed"
          ? "Ticket sales for this event have closed."
          : "This event does not take a waitlist.";
  return answer(409, { _form: message });
}

/** The code an order carries, and why it cannot be used. */
type Quote = CodeQuote & { codeMessage?: string };

/** The order's other fields, kept as typed so a refused form (or "Apply") shows them again. */
const ORDER_FIELDS = ["code", "donation", "donationOther", "giftAid", "gaFirst", "gaLast", "gaHouse", "gaPostcode", "attendees"] as const;

/** The quantities chosen of each type (fields qty-<type id>), or null when the form has one quantity. */
function chosenLines(form: FormData): OrderLineRequest[] | null {
  const lines: OrderLineRequest[] = [];
  let any = false;
  for (const [key, value] of form) {
    const match = /^qty-(\d{1,9})$/.exec(key);
    if (!match) continue;
    any = true;
    const quantity = Number(value);
    if (Number.isInteger(quantity) && quantity > 0) lines.push({ typeId: Number(match[1]), quantity });
  }
  return any ? lines : null;
}

/** Attendees' names, one a line, given out to the tickets in the order of the lines. */
function withNames(lines: OrderLineRequest[], text: string): OrderLineRequest[] {
  const names = text
    .split(/\r?\n/)
    .map((n) => n.trim())
    .filter(Boolean);
  let i = 0;
  return lines.map((line) => {
    const mine = names.slice(i, i + line.quantity);
    i += line.quantity;
    return { ...line, names: mine };
  });
}

/** The donation chosen: a suggested amount, another amount in pounds, or none. */
function chosenDonation(form: FormData): { pence: number } | { error: string } {
  const choice = String(form.get("donation") ?? "0");
  if (choice !== "other") return { pence: Math.max(0, Math.floor(Number(choice)) || 0) };
  const text = String(form.get("donationOther") ?? "").trim().replace(/^£\s*/, "");
  if (text === "") return { pence: 0 };
  const read = /^\d{1,5}(\.\d{1,2})?$/.test(text) ? readPence(text) : null;
  if (!read?.ok || read.pence < 100) return { error: "Please enter a donation of at least £1, like 7.50" };
  return { pence: read.pence };
}

async function book(event: Awaited<ReturnType<typeof loadEvent>>, form: FormData, request: Request, ip: string) {
  const values = {
    name: String(form.get("name") ?? ""),
    email: String(form.get("email") ?? ""),
    quantity: String(form.get("quantity") ?? ""),
    emailConsent: consentTicked(form.get(CONSENT_FIELD)) ? "on" : "",
    ...(Object.fromEntries(ORDER_FIELDS.map((f) => [f, String(form.get(f) ?? "").slice(0, 2000)])) as Record<(typeof ORDER_FIELDS)[number], string>),
    ...Object.fromEntries([...form.keys()].filter((k) => /^qty-\d{1,9}$/.test(k)).map((k) => [k, String(form.get(k))])),
  };
  // A refused code's message is the code field's; the order's own is `_form`.
  const answer = (status: number, errors: Record<string, string>, message?: string, quote?: Quote, step?: OrderStep) =>
    data<BookingAnswer>(
      {
        intent: "book",
        reply: refusedForm({ ...(quote?.codeMessage ? { code: quote.codeMessage } : {}), ...errors, ...(message ? { _form: message } : {}) }, values),
        quote: quote && { code: quote.code, discount: quote.discount },
        ...(step ? { step } : {}),
      },
      { status },
    );
  if (event.booking_mode !== "free" && event.booking_mode !== "paid") return answer(400, {}, "Tickets for this event cannot be booked online.");
  // A paid order's steps without JavaScript: "Continue" from the tickets to the details
  // (with at least one ticket), "Change tickets" back. Nothing is held or taken.
  const intent = form.get("intent");
  if (intent === "details" || intent === "tickets") {
    const lines = chosenLines(form);
    const none = lines ? lines.length === 0 : !(Number(values.quantity) > 0);
    if (intent === "details" && none) return answer(400, {}, "Please choose at least 1 ticket.", undefined, "tickets");
    return answer(200, {}, undefined, undefined, intent);
  }
  const code = values.code.trim();
  // "Apply": the code's reduction, shown before paying (nothing is taken or held).
  if (intent === "quote") {
    if (!code) return answer(400, {}, undefined, { code: "", discount: null, codeMessage: "Please enter a discount code." });
    const checked = await quoteCode(code, event.id, values.email.trim() || null);
    return checked.ok
      ? answer(200, {}, undefined, { code: checked.code.code, discount: checked.discount })
      : answer(400, {}, undefined, { code, discount: null, codeMessage: checked.message });
  }
  // A refused order still shows the code it carries (and the total with it).
  let quote: Quote | undefined;
  if (code) {
    const checked = await quoteCode(code, event.id, values.email.trim() || null);
    quote = checked.ok ? { code: checked.code.code, discount: checked.discount } : { code, discount: null, codeMessage: checked.message };
  }
  const refuse = (status: number, errors: Record<string, string>, message?: string) => answer(status, errors, message, quote);
  // The booking refused: a code refused now (its limit reached since the quote, say) is said
  // once, at the code field, with no reduction; anything else is the order's own message.
  const refuseOrder = (status: number, refusal: Parameters<typeof refusalMessage>[0]) =>
    refusal.reason === "code" ? answer(status, { code: refusal.message }, undefined, { code, discount: null }) : refuse(status, {}, refusalMessage(refusal));
  if (!(await countBookingAttempt(ip))) {
    return refuse(429, {}, "You have made several bookings in a short time. Please wait a few minutes and try again.");
  }
  const lines = chosenLines(form);
  const parsed = BookingFormSchema.safeParse(lines ? { ...values, quantity: "1" } : values);
  if (!parsed.success) return refuse(400, bookingFormErrors(parsed.error), "Please check the details below.");
  if (lines && lines.length === 0) return refuse(400, {}, "Please choose at least 1 ticket.");
  const donation = event.booking_mode === "paid" ? chosenDonation(form) : { pence: 0 };
  if ("error" in donation) return refuse(400, {}, donation.error);
  const giftAid = donation.pence > 0 && values.giftAid === "on";
  if (giftAid) {
    const errors: Record<string, string> = {};
    if (!values.gaFirst.trim()) errors.gaFirst = "Please enter your first name";
    if (!values.gaLast.trim()) errors.gaLast = "Please enter your last name";
    if (!values.gaHouse.trim()) errors.gaHouse = "Please enter your house name or number";
    if (!/^[A-Za-z]{1,2}\d[A-Za-z\d]?\s*\d[A-Za-z]{2}$/.test(values.gaPostcode.trim())) errors.gaPostcode = "Please enter a UK postcode, like MB4 2QT";
    if (Object.keys(errors).length > 0) return refuse(400, errors, "Please check your Gift Aid details.");
  }
  const key = form.get("key");
  const orderLines = lines ?? [{ typeId: -1, quantity: parsed.data.quantity }];
  const request_ = {
    eventId: event.id,
    name: parsed.data.name,
    email: parsed.data.email.toLowerCase(),
    quantity: parsed.data.quantity,
    lines: withNames(orderLines, values.attendees),
    code: code || null,
    donationPence: donation.pence,
    giftAid: giftAid
      ? {
          title: "",
          firstName: values.gaFirst.trim().slice(0, 50),
          lastName: values.gaLast.trim().slice(0, 50),
          house: values.gaHouse.trim().slice(0, 100),
          postcode: values.gaPostcode.trim().toUpperCase(),
          declarationText: giftAidDeclarationText(CHARITY_NAME),
        }
      : null,
    client: await clientKey(ip),
    // The form's request key (with JavaScript): a retry of this request finds its booking.
    ...(typeof key === "string" && key ? { key } : {}),
    emailConsent: consentTicked(form.get(CONSENT_FIELD)),
  };
  if (event.booking_mode === "paid") {
    if (!(await countCheckoutStart(ip))) return refuse(429, {}, CHECKOUT_LIMIT_MESSAGE);
    const held = await holdForCheckout(request_, { origin: publicOrigin() });
    if (!held.ok) return refuseOrder(held.reason === "payment-unavailable" ? 503 : 409, held);
    return redirect(held.checkoutUrl, 303);
  }
  const made = await createBooking(request_);
  if (!made.ok) return refuseOrder(made.reason === "confirm-not-sent" ? 503 : 409, made);
  if (made.pending) {
    // The link is only in the email: showing the booking page here would let a made-up address confirm.
    return data<BookingAnswer>({ intent: "book", sent: { email: made.booking.email, minutes: CONFIRM_LINK_MINUTES } });
  }
  return redirect(bookingPath(made.booking.reference, made.token), 303);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  if (!loaderData) return [{ title: `Event Not Found | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  const { event } = loaderData;
  return pageMeta({
    title: event.title,
    description: event.description,
    path: `/events/${params.id}`,
    ...siteFrom(matches),
    image: event.image,
    type: "event",
  });
};

function eventJsonLd(
  event: Route.ComponentProps["loaderData"]["event"],
  pricePence: number | null,
  offer: Route.ComponentProps["loaderData"]["offer"],
  origin: string,
) {
  const url = `${origin}/events/${event.id}`;
  const image = event.image ? (/^https?:/.test(event.image) ? event.image : `${origin}${event.image}`) : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.description,
    startDate: `${event.date}T${event.time}`,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    url,
    image: image ? [image] : undefined,
    location: { "@type": "Place", name: event.location, address: event.location_address || event.location },
    organizer: { "@type": "Organization", name: event.organizer || SITE_NAME, url: origin || undefined },
    offers:
      pricePence === null
        ? undefined
        : {
            "@type": "Offer",
            price: penceAsPounds(pricePence),
            priceCurrency: "GBP",
            availability: event.is_past || offer?.state === "sold-out" ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
            url,
          },
  };
}

export default function EventPage({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { event, offer, pricePence, priceLabel, contactEmail, others, waitlistHours } = loaderData;
  const booking = actionData?.intent === "book" ? actionData : undefined;
  const waitlist = actionData?.intent === "waitlist" ? actionData : undefined;
  const origin = originFrom(matches);
  const organizerMail = `mailto:${contactEmail}?subject=${encodeURIComponent(`Question about ${event.title}`)}`;
  const body = paragraphs(event.long_description || event.description);
  const details = [
    { Icon: CalendarIcon, label: "Date", value: formatLongDate(event.date) },
    { Icon: ClockIcon, label: "Time", value: event.end_time ? `${formatTime(event.time)} to ${formatTime(event.end_time)}` : formatTime(event.time) },
    { Icon: MapPinIcon, label: "Location", value: event.location },
    { Icon: UserIcon, label: "Organiser", value: event.organizer || SITE_NAME },
  ];

  return (
    <>
      <JsonLd data={eventJsonLd(event, offer && offer.mode !== "external" ? offer.pricePence : pricePence, offer, origin)} />
      {/*
        Phones: title, picture, the facts, then the ticket box, then the description.
        Wide screens: the ticket box sits beside the title and picture (sticky as the page scrolls).
      */}
      <div className="bg-linear-to-b from-sun-100 via-white to-white pt-24 sm:pt-28">
        <div className="mx-auto grid max-w-7xl gap-x-10 px-4 pb-10 sm:px-6 lg:grid-cols-[1fr_22rem] lg:grid-rows-[auto_auto_auto_1fr] lg:pb-14">
          <header className="min-w-0 wrap-anywhere lg:col-start-1">
            <a href="/events" className="inline-flex items-center gap-2 rounded-full py-2 font-semibold text-brand-700 hover:underline">
              <ArrowLeftIcon className="size-4" />
              Back to Events
            </a>
            <p className="mt-3 flex w-fit rounded-full bg-brand-100 px-3 py-1 text-sm font-bold tracking-wide text-brand-800 uppercase">
              {CATEGORY_LABELS[event.category] ?? event.category}
              {event.is_past ? " · Past event" : ""}
            </p>
            <h1 className="mt-3 font-display text-4xl leading-tight font-semibold text-balance text-brand-900 sm:text-5xl">{event.title}</h1>
          </header>
          <div className="mt-6 overflow-hidden rounded-[2rem] bg-brand-50 shadow-lg lg:col-start-1">
            <SafeImage src={event.image} alt={event.image_alt ?? ""} focal={event.image_focal} width={1600} height={640} fetchPriority="high" className="aspect-[2/1] w-full object-cover sm:aspect-[5/2]" />
          </div>
          {/* min-w-0 and wrap-anywhere: a long word or address in staff text wraps on a phone. */}
          <dl className="mt-8 grid min-w-0 gap-4 wrap-anywhere sm:grid-cols-2 lg:col-start-1" data-testid="event-facts">
            {details.map(({ Icon, label, value }) => (
              <div key={label} className="relative rounded-2xl bg-brand-50 py-4 pr-4 pl-13">
                <dt className="text-sm font-semibold text-slate-600">
                  <Icon className="absolute top-4.5 left-4 size-6 text-brand-600" />
                  {label}
                </dt>
                <dd className="font-semibold text-ink">{value}</dd>
              </div>
            ))}
          </dl>

          <aside className="mt-10 lg:sticky lg:top-24 lg:col-start-2 lg:row-[1/-1] lg:mt-0 lg:self-start" aria-label="Tickets and calendar">
            {event.is_past ? (
              <div className="rounded-3xl bg-brand-50 p-6 ring-1 ring-brand-100">
                <h2 className="font-display text-2xl font-semibold text-brand-900">This event has finished</h2>
                <p className="mt-2 text-slate-700">Thank you to everyone who came. Take a look at what's coming up next.</p>
                <a href="/events" className={buttonClasses("primary", "md", "mt-4 w-full")}>
                  See upcoming events
                </a>
              </div>
            ) : offer ? (
              <BookingBox
                eventId={event.id}
                offer={offer}
                answer={booking}
                consent={(ticked) => <ConsentBox defaultChecked={ticked} />}
                waitlist={
                  waitlistHours !== null ? (
                    <WaitlistForm eventId={event.id} answer={waitlist} offerHours={waitlistHours} consent={<ConsentBox id="waitlist-consent" />} />
                  ) : null
                }
              />
            ) : (
              <TicketBox eventId={event.id} price={priceLabel} ticketInfo={event.ticket_info} />
            )}
          </aside>

          <article className="min-w-0 wrap-anywhere lg:col-start-1" aria-label={`About ${event.title}`}>
            <h2 className="mt-10 font-display text-2xl font-semibold text-brand-900">About this event</h2>
            <div className="mt-4 space-y-4 text-lg leading-relaxed text-slate-700">
              {body.map((paragraph, i) => (
                <p key={i}>
                  <LinkedText text={paragraph} linkClassName="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900" />
                </p>
              ))}
            </div>

            {event.location_address ? (
              <>
                <h2 className="mt-10 font-display text-2xl font-semibold text-brand-900">Getting there</h2>
                <address className="mt-3 flex items-start gap-3 text-lg text-slate-700 not-italic">
                  <MapPinIcon className="mt-1 size-5 shrink-0 text-brand-600" />
                  {event.location_address}
                </address>
              </>
            ) : null}

            <div className="mt-10 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-8">
              <ShareButton title={event.title} url={`${origin}/events/${event.id}`} className={buttonClasses("secondary", "md")} />
              <a href={organizerMail} className={buttonClasses("ghost", "md")}>
                <MailIcon />
                Contact Organiser
              </a>
            </div>
          </article>
        </div>
      </div>
      {others.length > 0 ? (
        <section aria-labelledby="other-events-heading" className="bg-[#fbf6ea] py-16">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <h2 id="other-events-heading" className="font-display text-3xl font-semibold text-brand-900">
              Other events you might enjoy
            </h2>
            <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {others.map((e) => (
                <EventCard key={e.id} event={e} />
              ))}
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ErrorPanel
      eyebrow={notFound ? "Error 404" : "Error"}
      title={notFound ? "Event Not Found" : "Something went wrong"}
      back={{ href: "/events", label: "Back to Events" }}
    >
      {notFound
        ? "The event you're looking for doesn't exist or has been removed."
        : "Sorry, we couldn't show this event just now. Please try again in a moment."}
    </ErrorPanel>
  );
}
