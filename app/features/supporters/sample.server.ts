/**
 * Sample supporters for a new site (no gifts, bookings, forms or supporters yet), so the
 * Supporters screen shows what it is for: written once (content_seeded "sample-supporters"),
 * each tagged "sample" with a note saying how to remove it (erase by email on the Data
 * protection screen). A site with real people gets none.
 */
import { sql } from "drizzle-orm";
import type { SampleSection } from "../../db/seed.server.ts";
import { CONSENT_WORDING, SIGNUP_WORDING } from "./consent.ts";
import { linkSupporter, recordConsent } from "./supporters.server.ts";
import { supporterNotes, supporterTags } from "./table.ts";

const DAY = 86_400_000;
const SAMPLE = [
  { email: "margaret.ellis@example.org", name: "Margaret Ellis", postcode: "MB1 4QT", consent: { source: "Donation form", wording: CONSENT_WORDING, daysAgo: 200 }, tags: ["sample", "monthly donor"], note: "Gives monthly since the spring appeal. Prefers a phone call to email for thank-yous." },
  { email: "dev.patel@example.org", name: "Dev Patel", postcode: "MB2 7HL", consent: { source: "Newsletter signup in the site footer, confirmed by the emailed link", wording: SIGNUP_WORDING, daysAgo: 40 }, tags: ["sample", "quiz team"], note: "Runs the quiz night team from the Red Lion." },
  { email: "sarah.okafor@example.org", name: "Sarah Okafor", postcode: "MB3 2AX", consent: null, tags: ["sample", "trustee"], note: "Trustee since 2023. Not on the email list: she gets papers from the secretary." },
  { email: "tom.hughes@example.org", name: "Tom Hughes", postcode: "MB1 9DD", consent: { source: "Volunteer form", wording: CONSENT_WORDING, daysAgo: 90 }, tags: ["sample", "volunteer"], note: "Helps with the Summer Fair set-up every year." },
  { email: "millbrook.bakery@example.org", name: "Millbrook Bakery", postcode: "MB1 1AA", consent: null, tags: ["sample", "corporate contact"], note: "Donates cakes for the gala raffle. Contact: Jo at the counter." },
];

export default [
  {
    section: "sample-supporters",
    seed: "example",
    async write(tx) {
      const people = await tx.execute<{ n: number }>(
        sql`select ((select count(*) from supporters) + (select count(*) from donations) + (select count(*) from bookings) + (select count(*) from form_submissions))::int as n`,
      );
      if (people.rows[0].n > 0) return "skipped";
      for (const [i, person] of SAMPLE.entries()) {
        const id = (await linkSupporter(tx, person))!;
        await tx.execute(sql`update supporters set created_at = now() - ${`${300 - i * 40} days`}::interval where id = ${id}`);
        if (person.consent) await recordConsent(tx, { supporterId: id, given: true, source: person.consent.source, wording: person.consent.wording, at: new Date(Date.now() - person.consent.daysAgo * DAY) });
        await tx.insert(supporterTags).values(person.tags.map((tag) => ({ supporter_id: id, tag })));
        await tx.insert(supporterNotes).values([
          { supporter_id: id, body: person.note, author_email: "sample@millbrookfoundation.org.uk", created_at: new Date(Date.now() - (20 + i) * DAY) },
          { supporter_id: id, body: "Sample supporter: erase by email on the Data protection screen when you no longer need it.", author_email: null, created_at: new Date(Date.now() - 300 * DAY) },
        ]);
      }
      return "written";
    },
  },
] satisfies readonly SampleSection[];
