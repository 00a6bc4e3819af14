/** The sample newsletter of a new site: written once, beside the sample supporters, sent to the subscribed ones and in the archive. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { writeExample } from "../../db/seed.server.ts";
import supporterSamples from "../supporters/sample.server.ts";
import { supporterByEmail } from "../supporters/index.ts";
import { supporterTimeline } from "../supporters/admin.server.ts";
import { newsletterCounts, publishedNewsletters } from "./newsletters.server.ts";
import newsletterSamples from "./sample.server.ts";
import { newsletters } from "./table.ts";

setupTestDatabase();

const seedSampleNewsletter = () => writeExample(getDb(), newsletterSamples[0]);
const seedSampleSupporters = () => writeExample(getDb(), supporterSamples[0]);

describe("the sample newsletter", () => {
  it("is written once, sent to the subscribed sample supporters, on their timelines and in the archive", async () => {
    expect(await seedSampleNewsletter()).toBe(false); // no sample supporters yet: nothing
    expect(await seedSampleSupporters()).toBe(true);
    expect(await seedSampleNewsletter()).toBe(true);
    expect(await seedSampleNewsletter()).toBe(false);
    const rows = await getDb().select().from(newsletters);
    expect(rows.map((r) => r.status)).toEqual(["sent"]);
    expect((await newsletterCounts(rows[0].id)).sent).toBe(3);
    expect((await publishedNewsletters()).items.map((n) => n.subject)).toEqual([rows[0].subject]);
    const dev = (await supporterByEmail("dev.patel@example.org"))!;
    expect((await supporterTimeline(dev.id, 1)).entries.map((e) => e.title)).toContain(`Newsletter: ${rows[0].subject}`);
    const sarah = (await supporterByEmail("sarah.okafor@example.org"))!;
    expect((await supporterTimeline(sarah.id, 1)).entries.map((e) => e.title)).not.toContain(`Newsletter: ${rows[0].subject}`);
    expect(await getDb().select().from(newsletters).where(eq(newsletters.status, "draft"))).toEqual([]);
  });
});
