/** The legal pages' starting texts (a section added later); the texts are in ./starting-text.ts. */
import { LEGAL_PAGES } from "../../content/legal-pages.ts";
import type { SampleSection } from "../../db/seed.server.ts";
import { LEGAL_STARTING_TEXT } from "./starting-text.ts";
import { legalPages } from "./table.ts";

export default [
  {
    section: "legal-pages",
    seed: "added",
    async write(tx) {
      await tx
        .insert(legalPages)
        .values(LEGAL_PAGES.map((p) => ({ slug: p.slug, title: p.title, body: LEGAL_STARTING_TEXT[p.slug] })))
        .onConflictDoNothing();
    },
  },
] satisfies readonly SampleSection[];
