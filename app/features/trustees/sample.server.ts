/**
 * The board a new site starts with (first start), also shown when the database cannot be
 * read. The sample sponsors look for the first of them (a site with its own board gets none).
 */
import type { SampleSection } from "../../db/seed.server.ts";
import { trustees } from "./table.ts";

export interface SampleTrustee {
  name: string;
  role: string;
  bio: string;
  image: string;
  image_alt: string;
}

export const SAMPLE_TRUSTEES: SampleTrustee[] = [
  {
    name: "Margaret Ellison",
    role: "Chair",
    bio: "A retired head teacher who has lived in Millbrook for thirty years, Margaret founded the Foundation in 2023.",
    image: "/images/trustees/trustee-1.svg",
    image_alt: "Illustrated portrait of Margaret Ellison",
  },
  {
    name: "Raj Patel",
    role: "Treasurer",
    bio: "Raj is a chartered accountant and runs the pharmacy on Market Street. He keeps our books in order.",
    image: "/images/trustees/trustee-2.svg",
    image_alt: "Illustrated portrait of Raj Patel",
  },
  {
    name: "Sophie Turner",
    role: "Secretary",
    bio: "Sophie works for the district council and volunteers with the Millbrook Players amateur theatre group.",
    image: "/images/trustees/trustee-3.svg",
    image_alt: "Illustrated portrait of Sophie Turner",
  },
  {
    name: "David Okafor",
    role: "Trustee, Events",
    bio: "David manages the leisure centre and leads the volunteers who plan our fairs, runs and quiz nights.",
    image: "/images/trustees/trustee-4.svg",
    image_alt: "Illustrated portrait of David Okafor",
  },
];

export default [
  {
    section: "sample-trustees",
    seed: "first-start",
    async write(tx) {
      await tx.insert(trustees).values(SAMPLE_TRUSTEES.map((c, i) => ({ ...c, sort_order: i })));
    },
  },
] satisfies readonly SampleSection[];
