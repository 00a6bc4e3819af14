/**
 * The awards a new site starts with: past winners (first start), and a round that is open on
 * the day the site is installed (a section added later: written once, also on a site that
 * started before awards had a round). Both are shown when the database cannot be read.
 */
import { AWARD_CATEGORIES, isoDay } from "../../content/sample-content.ts";
import { AWARDS_DATES } from "../../content/site-copy.ts";
import type { SampleSection } from "../../db/seed.server.ts";
import { awardRound, awardWinners } from "./table.ts";

export interface SampleAwardWinner {
  year: number;
  category: string;
  name: string;
  achievement: string;
  image: string | null;
}

export const SAMPLE_AWARD_WINNERS: SampleAwardWinner[] = [
  { year: 2025, category: "charity-year", name: "Millbrook Food Share", achievement: "Provided more than 9,000 meals to local families.", image: "/images/awards/winner-1.svg" },
  { year: 2025, category: "volunteer-year", name: "Eileen Brookes", achievement: "Drove neighbours to over 400 hospital appointments.", image: "/images/awards/winner-2.svg" },
  { year: 2025, category: "community-team", name: "Millbrook Striders", achievement: "Started a free weekly walk-and-run group for all abilities.", image: "/images/awards/winner-3.svg" },
  { year: 2025, category: "citizen-year", name: "Tom Harding", achievement: "Restored the war memorial garden with his own hands.", image: "/images/awards/winner-4.svg" },
  { year: 2025, category: "young-citizen", name: "Aisha Khan", achievement: "Set up a homework club for younger pupils at the library.", image: "/images/awards/winner-5.svg" },
  { year: 2024, category: "charity-year", name: "Millbrook Young Carers", achievement: "Supported forty young carers with trips and respite.", image: "/images/awards/winner-6.svg" },
  { year: 2024, category: "volunteer-year", name: "George Wallace", achievement: "Twenty years running the Saturday repair café.", image: "/images/awards/winner-7.svg" },
];

/** A round that is open on the day the site is installed: closing in four months, the ceremony two months later. */
export function startingAwardRound(today = new Date()) {
  return {
    nominations_open: isoDay(today, -30),
    nominations_close: isoDay(today, 120),
    ceremony_date: isoDay(today, 180),
    ceremony_time: AWARDS_DATES.ceremonyTime,
    venue: AWARDS_DATES.venue,
    categories: AWARD_CATEGORIES.map((c) => ({ id: c.id, title: c.title, description: c.description })),
  };
}

export default [
  {
    section: "sample-award-winners",
    seed: "first-start",
    async write(tx) {
      await tx.insert(awardWinners).values(SAMPLE_AWARD_WINNERS);
    },
  },
  {
    section: "award-round",
    seed: "added",
    async write(tx) {
      await tx.insert(awardRound).values(startingAwardRound()).onConflictDoNothing();
    },
  },
] satisfies readonly SampleSection[];
