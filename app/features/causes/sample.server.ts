/**
 * The causes a new site starts with (first start), also shown when the database cannot be
 * read.
 */
import type { SampleSection } from "../../db/seed.server.ts";
import { causes } from "./table.ts";

export interface SampleCause {
  title: string;
  description: string;
  image: string;
  /** Pence. */
  raised_pence: number;
  goal_pence: number;
}

export const SAMPLE_CAUSES: SampleCause[] = [
  {
    title: "Millbrook Youth Club",
    description:
      "Keeping the youth club open three evenings a week, with new sports kit and a trip to the coast each summer.",
    image: "/images/causes/youth-club.svg",
    raised_pence: 215_000,
    goal_pence: 300_000,
  },
  {
    title: "Community Garden",
    description:
      "Raised beds, tools and a water butt for the allotment project behind the health centre, where neighbours grow food together.",
    image: "/images/causes/community-garden.svg",
    raised_pence: 180_000,
    goal_pence: 150_000,
  },
  {
    title: "Warm Spaces",
    description:
      "Hot drinks, soup and a friendly welcome at the library and church hall for anyone who needs somewhere warm this winter.",
    image: "/images/causes/warm-spaces.svg",
    raised_pence: 95_000,
    goal_pence: 250_000,
  },
];

export default [
  {
    section: "sample-causes",
    seed: "first-start",
    async write(tx) {
      await tx.insert(causes).values(SAMPLE_CAUSES.map((c, i) => ({ ...c, sort_order: i })));
    },
  },
] satisfies readonly SampleSection[];
