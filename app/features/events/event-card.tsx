/** The event card on the public lists: the events page, more events on an event's page, and the home page (through ui.ts). */
import { eventPriceLabel, type EventPriceFields } from "./tickets.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { DateBadge } from "../../components/site/date-badge.tsx";
import { formatLongDate, formatTime } from "../../components/site/format.ts";
import { ClockIcon, MapPinIcon } from "../../components/site/icons.tsx";
import { SafeImage } from "../../components/site/safe-image.tsx";
import { useStoredMarkup } from "../../lib/stored-markup.ts";

export interface EventCardData {
  id: number;
  title: string;
  date: string;
  time: string;
  description: string;
  location: string;
  category: string;
  ticket_price: string | null;
  booking_mode: EventPriceFields["booking_mode"];
  ticket_price_pence: number | null;
  image: string | null;
  image_focal?: string;
  /** A series: its following dates (yyyy-MM-dd). */
  later_dates?: string[] | null;
}

/** Only what a card shows: list pages send this, not whole events, to the browser. */
export function eventCardData(event: EventCardData): EventCardData {
  const { id, title, date, time, description, location, category, ticket_price, booking_mode, ticket_price_pence, image, image_focal, later_dates } = event;
  return {
    id,
    title,
    date,
    time,
    description,
    location,
    category,
    ticket_price,
    booking_mode,
    ticket_price_pence,
    image,
    ...(image_focal ? { image_focal } : {}),
    ...(later_dates && later_dates.length > 0 ? { later_dates } : {}),
  };
}

export const CATEGORY_LABELS: Record<string, string> = {
  fundraiser: "Fundraiser",
  family: "Family",
  social: "Social",
  community: "Community",
  volunteer: "Volunteering",
  workshop: "Workshop",
  fair: "Fair",
  sports: "Sports",
  arts: "Arts",
};

/**
 * `firstScreen`: the card shows on a phone's first screen (the first of the events list),
 * so its picture loads with the page instead of lazily after layout: it is the page's
 * largest paint there.
 */
/** A series' card: its next dates after this one (three, and "more" when there are). */
function LaterDates({ dates }: { dates: string[] }) {
  const shown = dates.slice(0, 3);
  return (
    <p className="mt-3 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900" data-testid="later-dates">
      <span className="font-semibold">Also on </span>
      {shown.map((d) => formatShortDay(d)).join(", ")}
      {dates.length > shown.length ? " and more dates" : ""}
    </p>
  );
}

/**
 * Made once, on first use: a formatter costs far more to make than to use (it was 6% of an
 * event page's render), and pages whose cards show no later dates never need it (nor its
 * cost when the browser evaluates the module).
 */
let shortDay: Intl.DateTimeFormat | undefined;

/** "Sat 12 Dec". */
function formatShortDay(date: string): string {
  shortDay ??= new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
  return shortDay.format(new Date(`${date}T12:00:00Z`));
}

type EventCardProps = {
  event: EventCardData;
  past?: boolean;
  headingLevel?: 2 | 3;
  firstScreen?: boolean;
};

/**
 * A card's markup depends only on its props: the server keeps it by them (docs/decisions/361),
 * but for the first screen's card, whose eager picture React also preloads in the head.
 */
export function EventCard(props: EventCardProps) {
  const { event, past = false, headingLevel = 3, firstScreen = false } = props;
  return useStoredMarkup(firstScreen ? null : `event-card ${JSON.stringify([event, past, headingLevel])}`, () => eventCard(props));
}

/** The card's element (a plain function: its outer element is what is kept). */
function eventCard({ event, past = false, headingLevel = 3, firstScreen = false }: EventCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const price = eventPriceLabel(event);
  return (
    <article className="group flex h-full min-w-0 flex-col overflow-hidden rounded-3xl wrap-anywhere bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-lg">
      <div className="relative aspect-[16/10] overflow-hidden bg-brand-50">
        <SafeImage
          src={event.image}
          alt=""
          focal={event.image_focal}
          loading={firstScreen ? "eager" : "lazy"}
          decoding="async"
          width={640}
          height={400}
          className={`size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] ${past ? "grayscale-[35%]" : ""}`}
        />
        <DateBadge date={event.date} className="absolute top-4 left-4" />
        <span className="absolute top-4 right-4 rounded-full bg-white/95 px-3 py-1 text-xs font-bold tracking-wide text-brand-800 uppercase">
          {CATEGORY_LABELS[event.category] ?? event.category}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <Heading className="font-display text-xl leading-snug font-semibold text-brand-900">{event.title}</Heading>
        <p className="mt-1 text-sm font-medium text-slate-600">{formatLongDate(event.date)}</p>
        <ul className="mt-3 space-y-1.5 text-sm text-slate-700">
          <li className="flex items-center gap-2">
            <ClockIcon className="size-4 text-brand-600" />
            {formatTime(event.time)}
          </li>
          <li className="flex items-center gap-2">
            <MapPinIcon className="size-4 text-brand-600" />
            {event.location}
          </li>
        </ul>
        <p className="mt-3 flex-1 text-slate-700">{event.description}</p>
        {event.later_dates && event.later_dates.length > 0 && !past ? <LaterDates dates={event.later_dates} /> : null}
        {past ? (
          <p className="mt-5">
            <a href={`/events/${event.id}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
              Read about {event.title}
            </a>
          </p>
        ) : (
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <a
              href={`/events/${event.id}`}
              className={buttonClasses("secondary", "sm")}
              aria-label={`View Details: ${event.title}`}
            >
              View Details
            </a>
            <a
              href={`/events/${event.id}#tickets`}
              className={buttonClasses("primary", "sm")}
              aria-label={`Get Tickets: ${event.title}`}
            >
              Get Tickets
            </a>
            {price ? (
              <span className="ml-auto text-sm font-semibold text-brand-800" data-testid="event-card-price">
                {price}
              </span>
            ) : null}
          </div>
        )}
      </div>
    </article>
  );
}
