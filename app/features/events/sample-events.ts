/**
 * The sample events a new site starts with (first start, ./sample.server.ts), also shown
 * when the database cannot be read. Plain typed data only.
 */
import { isoDay } from "../../content/sample-content.ts";
import type { BookingMode } from "./table.ts";
import type { EventCategory } from "./event-categories.ts";

/**
 * Sample events are dated from the day the site is installed (as the sample craft fairs
 * and the starting awards round are), so a fresh site never starts with its upcoming
 * samples already over.
 */
export interface SampleEvent {
  id: number;
  title: string;
  date: string; // yyyy-MM-dd
  time: string; // HH:mm
  end_time: string | null; // HH:mm
  description: string;
  long_description: string;
  location: string;
  location_address: string;
  organizer: string;
  ticket_price: string;
  /** How to get tickets when there is no online booking. */
  ticket_info: string | null;
  tickets_available: number | null;
  booking_mode: BookingMode;
  ticket_price_pence: number | null;
  booking_url: string | null;
  /** Buyers are asked each ticket's attendee name. */
  attendee_names: boolean;
  category: EventCategory;
  is_active: boolean;
  is_past: boolean;
  image: string;
  /** A sample date of a series (sample events are single dates). */
  series_id?: number | null;
  thank_you_email?: boolean;
}

const SAMPLE_EVENT_DAYS: (Omit<SampleEvent, "date" | "attendee_names"> & { days: number; attendee_names?: boolean })[] = [
  {
    id: 1,
    title: "Millbrook Charity Gala Dinner",
    days: 107,
    time: "19:00",
    end_time: "23:30",
    description:
      "An evening of fine food, live music and a charity auction in aid of the Millbrook Community Fund.",
    long_description:
      "Join us for the highlight of our fundraising year: a three-course dinner prepared by local chefs, live music from the Millbrook Swing Band and an auction of prizes donated by local businesses.\n\nEvery ticket includes a welcome drink and dinner. All money raised goes to the Community Fund, which gives grants to local groups, schools and projects.\n\nDress code is black tie optional. Please tell us about any dietary needs when you book.",
    location: "Millbrook Town Hall",
    location_address: "Town Hall, High Street, Millbrook MB4 1AA",
    organizer: "Millbrook Community Foundation",
    ticket_price: "£75",
    ticket_info: "Tickets from the Foundation office at the Old Corn Exchange, or call 01632 960 418.",
    tickets_available: 120,
    booking_mode: "none",
    ticket_price_pence: null,
    booking_url: null,
    category: "fundraiser",
    is_active: true,
    is_past: false,
    image: "/images/events/gala.svg",
  },
  {
    id: 2,
    title: "Millbrook Summer Fair",
    days: 205,
    time: "11:00",
    end_time: "17:00",
    description:
      "Stalls, games, a dog show and local food on the green: a family day out for the whole town.",
    long_description:
      "The Summer Fair returns to Millbrook Green with more than forty stalls, a fun dog show, children's games, face painting and the famous tug of war between the town's pubs.\n\nLocal food producers and the Millbrook Bakery will keep everyone fed, and the brass band plays from 2pm.\n\nChildren under 5 go free. Proceeds support the Community Fund.",
    location: "Millbrook Green",
    location_address: "Millbrook Green, Church Lane, Millbrook MB4 3DF",
    organizer: "Millbrook Community Foundation volunteers",
    ticket_price: "£5",
    ticket_info: "Pay on the gate. Children under 5 go free.",
    tickets_available: 500,
    booking_mode: "none",
    ticket_price_pence: null,
    booking_url: null,
    category: "family",
    is_active: true,
    is_past: false,
    image: "/images/events/summer-fair.svg",
  },
  {
    id: 3,
    title: "Big Community Quiz Night",
    days: 64,
    time: "19:30",
    end_time: "22:30",
    description: "Test your knowledge in teams of up to six, with a raffle and supper at half time.",
    long_description:
      "Gather your friends, family or colleagues for our friendliest fundraiser. Eight rounds of general knowledge, music and local trivia, hosted by quizmaster Dave Holloway.\n\nTeams of up to 6 people. Supper is served at half time and there is a raffle with prizes from Millbrook businesses.\n\nThe winning team takes home the Millbrook Quiz Cup for a year.",
    location: "The Millbrook Arms",
    location_address: "The Millbrook Arms, 2 Bridge Street, Millbrook MB4 2LP",
    organizer: "Millbrook Community Foundation",
    ticket_price: "",
    ticket_info: null,
    tickets_available: 80,
    booking_mode: "paid",
    ticket_price_pence: 1000,
    booking_url: null,
    attendee_names: true,
    category: "social",
    is_active: true,
    is_past: false,
    image: "/images/events/quiz-night.svg",
  },
  {
    id: 4,
    title: "Riverside Litter Pick",
    days: -67,
    time: "10:00",
    end_time: "13:00",
    description: "Volunteers cleared two miles of the River Mill footpath and filled 46 bags.",
    long_description:
      "Thirty-two volunteers of all ages helped clear the River Mill footpath from the weir to Station Bridge.\n\nThank you to Millbrook Hardware for the litter pickers and to the Riverside Café for the tea.",
    location: "River Mill footpath",
    location_address: "Meet at the weir car park, Mill Lane, Millbrook MB4 5RE",
    organizer: "Millbrook Community Foundation volunteers",
    ticket_price: "Free",
    ticket_info: "No ticket needed: just come along.",
    tickets_available: null,
    booking_mode: "none",
    ticket_price_pence: null,
    booking_url: null,
    category: "community",
    is_active: true,
    is_past: true,
    image: "/images/events/litter-pick.svg",
  },
  {
    id: 5,
    title: "Autumn Family Fun Day",
    days: -39,
    time: "12:00",
    end_time: "16:00",
    description: "Pumpkin carving, a treasure trail and storytelling in the library garden.",
    long_description:
      "More than 300 people came along to the library garden for pumpkin carving, a treasure trail around the town centre and storytelling by the Millbrook Players.\n\nThe day raised £1,240 for the Community Fund.",
    location: "Millbrook Library Garden",
    location_address: "Millbrook Library, 5 Queen's Road, Millbrook MB4 1HG",
    organizer: "Millbrook Community Foundation",
    ticket_price: "Free",
    ticket_info: "No ticket needed: just come along.",
    tickets_available: null,
    booking_mode: "none",
    ticket_price_pence: null,
    booking_url: null,
    category: "family",
    is_active: true,
    is_past: true,
    image: "/images/events/family-day.svg",
  },
  {
    id: 6,
    title: "Charity Fun Run",
    days: -137,
    time: "09:30",
    end_time: "12:00",
    description: "A 5k fun run around Millbrook Park, with a 1k course for under-10s.",
    long_description:
      "Two hundred runners, joggers and walkers took on the 5k course around Millbrook Park, with a 1k course for under-10s.\n\nRunners raised £2,860 in sponsorship for the Community Fund.",
    location: "Millbrook Park",
    location_address: "Millbrook Park, Park Road, Millbrook MB4 4PA",
    organizer: "Millbrook Striders running club",
    ticket_price: "£12",
    ticket_info: "Enter on the day at the park gates.",
    tickets_available: null,
    booking_mode: "none",
    ticket_price_pence: null,
    booking_url: null,
    category: "fundraiser",
    is_active: true,
    is_past: true,
    image: "/images/events/fun-run.svg",
  },
  {
    id: 7,
    title: "Millbrook Repair Café",
    days: 16,
    time: "10:00",
    end_time: "13:00",
    description: "Bring a broken lamp, toaster, jumper or bike: volunteer fixers will help you mend it, free of charge.",
    long_description:
      "Our volunteer fixers set up in the library's community room with tools, sewing machines and plenty of tea. Bring something that needs mending and learn how to repair it with them.\n\nThe café is free: booking a place tells us how many fixers to bring. Donations to the Community Fund are welcome on the day.",
    location: "Millbrook Library",
    location_address: "Millbrook Library, 5 Queen's Road, Millbrook MB4 1HG",
    organizer: "Millbrook Community Foundation volunteers",
    ticket_price: "",
    ticket_info: null,
    tickets_available: 30,
    booking_mode: "free",
    ticket_price_pence: null,
    booking_url: null,
    category: "workshop",
    is_active: true,
    is_past: false,
    image: "/images/events/repair-cafe.svg",
  },
];

/** The sample events, dated from `today` (the install date): upcoming ones ahead of it, past ones behind. */
export const sampleEvents = (today = new Date()): (SampleEvent & { series_id: number | null; thank_you_email: boolean })[] =>
  SAMPLE_EVENT_DAYS.map(({ days, ...e }) => ({ series_id: null, thank_you_email: false, ...e, attendee_names: e.attendee_names ?? false, date: isoDay(today, days) }));
