/**
 * The sample and starting content of the layered types that have no feature folder yet:
 * legal pages and the contact details (sections added later). The site settings row is
 * the seed runner's own (it marks the first start).
 * When one of these types moves into a feature folder, its entry moves with it, unchanged,
 * into that folder's sample.server.ts.
 */
import * as t from "../db/schema.ts";
import type { SampleSection } from "../db/seed.server.ts";
import { LEGAL_PAGES, LEGAL_STARTING_TEXT, STARTING_CONTACT } from "./starting-content.ts";

export const CONTENT_SAMPLES: readonly SampleSection[] = [
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
