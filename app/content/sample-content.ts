/**
 * Built-in sample content of the layered types (the features keep theirs in their own
 * sample.server.ts): seeded into the database on first start (./samples.server.ts) and used
 * by the public pages as the fallback only when a read fails. An empty section shows its empty
 * state (docs/decisions/088-starting-content-once-per-section.md).
 * Plain typed data only: imported by the seed (server) and by public routes.
 */
import type { BookingMode } from "../db/schema.ts";
import type { EventCategory } from "../features/events/index.ts";

/** The day `days` after `from` (before it when negative), as yyyy-MM-dd. */
export const isoDay = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Sample events and craft fairs are dated from the day the site is installed (as the
 * starting awards round is), so a fresh site never starts with its upcoming samples
 * already over. The Christmas Craft Fair is three weeks ahead of the install date.
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

export const FOUNDATION = {
  name: "Millbrook Community Foundation",
  town: "Millbrook",
  tagline: "Community Together Matters",
  contactEmail: "info@millbrookfoundation.org.uk",
  partnershipsEmail: "partnerships@millbrookfoundation.org.uk",
  address: ["The Old Corn Exchange", "14 Market Street", "Millbrook", "MB4 2QT"],
  phone: "01632 960 418",
  charityNumber: "1198472",
} as const;

export const DEFAULT_SETTINGS = {
  id: 1,
  site_name: FOUNDATION.name,
  tagline: FOUNDATION.tagline,
  site_description:
    "A local charity raising money for the people, groups and causes of Millbrook, run by volunteers who live here.",
  about_description:
    "Millbrook Community Foundation was set up in 2023 by neighbours who wanted to make a difference close to home. We run events, craft fairs and awards, and every pound raised goes back into Millbrook through our Community Fund.",
  contact_email: FOUNDATION.contactEmail,
  social_facebook: "",
  social_twitter: "",
  social_instagram: "",
  facebook_url: "",
  twitter_url: "",
  instagram_url: "",
  hero_title: `Welcome to ${FOUNDATION.name}`,
  hero_subtitle: "Supporting our community",
  hero_image_url: null as string | null,
  about_image_url: null as string | null,
  charity_number: FOUNDATION.charityNumber,
  maintenance_mode: false,
  require_two_factor: false,
  retention_months_volunteer: 12,
  retention_months_stall_application: 12,
  retention_months_nomination: 12,
  retention_months_audit_log: 24,
};

/**
 * The hero subtitle written on first start: the whole text under the home page's title,
 * which staff can change in the settings (the fallback above is only for when the
 * settings cannot be read).
 */
export const SAMPLE_HERO_SUBTITLE =
  "Supporting our community. We raise money at friendly local events and give it straight back to the groups, clubs and projects that make Millbrook home.";

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

export interface SampleCraftFair {
  id: number;
  title: string;
  date: string;
  time: string;
  description: string;
  location: string;
  stalls_available: number;
  application_deadline: string;
  is_active: boolean;
  is_past: boolean;
  image: string;
  attendance: string | null;
  stallholders: string | null;
}

const SAMPLE_CRAFT_FAIR_DAYS: (Omit<SampleCraftFair, "date" | "application_deadline"> & { days: number; deadline_days: number })[] = [
  {
    id: 1,
    title: "Christmas Craft Fair",
    days: 21,
    time: "10:00",
    description:
      "Handmade gifts, decorations and festive treats from more than thirty local makers, with mulled apple juice and carols.",
    location: "Millbrook Town Hall",
    stalls_available: 12,
    deadline_days: 12,
    is_active: true,
    is_past: false,
    image: "/images/craft-fairs/christmas.svg",
    attendance: null,
    stallholders: null,
  },
  {
    id: 2,
    title: "Spring Makers Market",
    days: 135,
    time: "10:00",
    description:
      "Pottery, textiles, woodwork, jewellery and plants from Millbrook's makers, with live demonstrations through the day.",
    location: "St Mary's Church Hall",
    stalls_available: 20,
    deadline_days: 114,
    is_active: true,
    is_past: false,
    image: "/images/craft-fairs/spring.svg",
    attendance: null,
    stallholders: null,
  },
  {
    id: 3,
    title: "Summer Craft Fair",
    days: -124,
    time: "10:00",
    description: "Our biggest fair yet, spread across the Town Hall and the market square.",
    location: "Millbrook Town Hall",
    stalls_available: 40,
    deadline_days: -148,
    is_active: true,
    is_past: true,
    image: "/images/craft-fairs/summer.svg",
    attendance: "Over 1,200 visitors",
    stallholders: "38 stallholders",
  },
  {
    id: 4,
    title: "Autumn Craft Fair",
    days: -54,
    time: "10:00",
    description: "Harvest-themed crafts, local honey and hand-knitted woollens.",
    location: "St Mary's Church Hall",
    stalls_available: 24,
    deadline_days: -75,
    is_active: true,
    is_past: true,
    image: "/images/craft-fairs/autumn.svg",
    attendance: "About 650 visitors",
    stallholders: "24 stallholders",
  },
];

/** The sample craft fairs, dated from `today` (the install date), with their application deadlines. */
export const sampleCraftFairs = (today = new Date()): SampleCraftFair[] =>
  SAMPLE_CRAFT_FAIR_DAYS.map(({ days, deadline_days, ...f }) => ({ ...f, date: isoDay(today, days), application_deadline: isoDay(today, deadline_days) }));

export const AWARD_CATEGORIES = [
  { id: "charity-year", title: "Charity of the Year", description: "A local charity or voluntary group that has made an outstanding difference this year." },
  { id: "volunteer-year", title: "Volunteer of the Year", description: "Someone who gives their time generously to help others in Millbrook." },
  { id: "community-team", title: "Community Team of the Year", description: "A team, club or group of neighbours that has brought people together." },
  { id: "citizen-year", title: "Citizen of the Year", description: "A resident whose kindness or commitment has made Millbrook a better place." },
  { id: "young-citizen", title: "Young Citizen of the Year", description: "A young person aged 16 to 18 who has made a real contribution to the town." },
] as const;

export const VOLUNTEER_ROLES = [
  {
    id: "event-support",
    title: "Event Support",
    description: "Help set up, run and pack away our fairs, quiz nights and gala.",
    commitment: "A few hours per event, mostly weekends and evenings",
    skills: "Friendly, reliable, happy to lift and carry",
  },
  {
    id: "fundraising-team",
    title: "Fundraising Team",
    description: "Plan new fundraising ideas, run collections and look after our supporters.",
    commitment: "2 to 4 hours a month",
    skills: "Ideas, confidence talking to people",
  },
  {
    id: "community-outreach",
    title: "Community Outreach",
    description: "Tell local groups about the Community Fund and help them apply.",
    commitment: "Flexible, about 4 hours a month",
    skills: "Good listener, knows Millbrook",
  },
  {
    id: "administrative-support",
    title: "Administrative Support",
    description: "Keep our records, mailing lists and paperwork in order.",
    commitment: "2 hours a week, can be from home",
    skills: "Organised, comfortable with email and spreadsheets",
  },
] as const;

/**
 * Focal points of the built-in pictures (percent from the left, from the top), written
 * into the media library with them: the wide crops (the 5:2 event banner) keep the
 * people and stalls near the bottom of each picture rather than the sky above them.
 */
export const SAMPLE_FOCAL_POINTS: Record<string, readonly [x: number, y: number]> = {
  "/images/events/litter-pick.svg": [47, 90],
  "/images/events/family-day.svg": [50, 75],
  "/images/events/fun-run.svg": [52, 72],
  "/images/events/gala.svg": [62, 75],
  "/images/events/quiz-night.svg": [45, 40],
  "/images/events/summer-fair.svg": [50, 70],
  "/images/events/repair-cafe.svg": [50, 62],
  "/images/craft-fairs/christmas.svg": [50, 72],
  "/images/craft-fairs/spring.svg": [50, 78],
  "/images/craft-fairs/summer.svg": [50, 72],
  "/images/craft-fairs/autumn.svg": [50, 72],
  "/images/craft-fairs/gallery-crowd.svg": [50, 80],
  "/images/causes/community-garden.svg": [50, 72],
  "/images/causes/warm-spaces.svg": [58, 60],
  "/images/causes/youth-club.svg": [35, 62],
};
