/**
 * The sample and starting content of the layered types that have no feature folder yet:
 * the contact details (a section added later). The site settings row is
 * the seed runner's own (it marks the first start).
 * When one of these types moves into a feature folder, its entry moves with it, unchanged,
 * into that folder's sample.server.ts.
 */
import * as t from "../db/schema.ts";
import type { SampleSection } from "../db/seed.server.ts";
import { STARTING_CONTACT } from "./starting-content.ts";

export const CONTENT_SAMPLES: readonly SampleSection[] = [
  {
    section: "contact-details",
    seed: "added",
    after: ["legal-pages"],
    async write(tx) {
      await tx.insert(t.contactDetails).values(STARTING_CONTACT).onConflictDoNothing();
    },
  },
];
