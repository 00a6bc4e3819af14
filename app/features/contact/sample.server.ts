/** The footer's starting contact details (a section added later); the data is in ./starting-contact.ts. */
import type { SampleSection } from "../../db/seed.server.ts";
import { STARTING_CONTACT } from "./starting-contact.ts";
import { contactDetails } from "./table.ts";

export default [
  {
    section: "contact-details",
    seed: "added",
    after: ["legal-pages"],
    async write(tx) {
      await tx.insert(contactDetails).values(STARTING_CONTACT).onConflictDoNothing();
    },
  },
] satisfies readonly SampleSection[];
