/**
 * The sample and starting content of the layered types that have no feature folder yet:
 * news (first start), legal pages and the contact details (sections
 * added later). The site settings row is the seed runner's own (it marks the first start).
 * When one of these types moves into a feature folder, its entry moves with it, unchanged,
 * into that folder's sample.server.ts.
 */
import * as t from "../db/schema.ts";
import type { SampleSection } from "../db/seed.server.ts";
import { SAMPLE_NEWS } from "./sample-news.ts";
import { LEGAL_PAGES, LEGAL_STARTING_TEXT, STARTING_CONTACT } from "./starting-content.ts";

export const CONTENT_SAMPLES: readonly SampleSection[] = [
  {
    section: "sample-news",
    seed: "first-start",
    after: ["sample-craft-fairs"],
    async write(tx) {
      await tx
        .insert(t.newsPosts)
        .values(SAMPLE_NEWS.map(({ daysAgo, ...post }) => ({ ...post, status: "published", published_at: new Date(Date.now() - daysAgo * 86_400_000) })));
    },
  },
  {
    section: "legal-pages",
    seed: "added",
    async write(tx) {
      await tx
        .insert(t.legalPages)
        .values(LEGAL_PAGES.map((p) => ({ slug: p.slug, title: p.title, body: LEGAL_STARTING_TEXT[p.slug] })))
        .onConflictDoNothing();
    },
  },
  {
    section: "contact-details",
    seed: "added",
    async write(tx) {
      await tx.insert(t.contactDetails).values(STARTING_CONTACT).onConflictDoNothing();
    },
  },
];
