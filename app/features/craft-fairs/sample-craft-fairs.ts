/**
 * The sample craft fairs a new site starts with (first start, ./sample.server.ts), also
 * shown when the database cannot be read. Plain typed data only.
 */
import { isoDay } from "../../content/sample-content.ts";

/**
 * Sample craft fairs are dated from the day the site is installed (as the sample events
 * and the starting awards round are), so a fresh site never starts with its upcoming
 * samples already over. The Christmas Craft Fair is three weeks ahead of the install date.
 */
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
