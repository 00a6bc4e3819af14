/**
 * The questions a new site's Support page starts with (a section added later: written once,
 * also on a site that started before the FAQ could be edited), also shown when the database
 * cannot be read.
 */
import { SUPPORT_FAQ } from "../../content/site-copy.ts";
import type { SampleSection } from "../../db/seed.server.ts";
import { faqs } from "./table.ts";

export const STARTING_FAQS = SUPPORT_FAQ.map((f) => ({ question: f.q, answer: f.a }));

export default [
  {
    section: "faqs",
    seed: "added",
    async write(tx) {
      await tx.insert(faqs).values(STARTING_FAQS.map((f, i) => ({ ...f, sort_order: i })));
    },
  },
] satisfies readonly SampleSection[];
