/**
 * Newsletter recipients in the data protection tools: find and export by email list the
 * newsletters sent to the address; erasing it deletes those rows (the newsletter stays);
 * the retention rule deletes who-received-what its period after sending.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { erasePersonalData, findPersonalData, personalDataExport } from "../../domain/data-protection/retention.server.ts";
import { withMailServer } from "../../../tests/helpers/mail-server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { keptKinds } from "../data-protection/retention-rules.server.ts";
import { linkSupporter, recordConsent } from "../supporters/index.ts";
import { createNewsletter, getNewsletter, startSending } from "./newsletters.server.ts";
import { deleteOldRecipientRows } from "./personal-data.server.ts";
import { runNewsletterSend } from "./sending.server.ts";
import { newsletterRecipients, newsletters } from "./table.ts";

setupTestDatabase();
withMailServer({ PUBLIC_URL: "http://localhost:5997", NEWSLETTER_RATE_PER_MINUTE: "60000" });
const actor = { email: "dpo@millbrook.test" };

async function sentTo(emails: string[], subject: string) {
  for (const email of emails) {
    const id = (await getDb().transaction((tx) => linkSupporter(tx, { email, name: "" })))!;
    await getDb().transaction((tx) => recordConsent(tx, { supporterId: id, given: true, source: "test", wording: "w" }));
  }
  const id = await createNewsletter({ subject, preview_text: "", body: "<p>News</p>" }, actor);
  await startSending(id, { kind: "all" }, { when: "now" }, actor);
  await runNewsletterSend(id, () => false);
  return id;
}

describe("newsletter recipients and personal data", () => {
  it("are found, exported and erased by email; the newsletter stays", async () => {
    const id = await sentTo(["found.me@dp.test", "keep.me@dp.test"], "Autumn news");
    const found = await findPersonalData("Found.Me@dp.test");
    expect(found.newsletters.map((n) => [n.subject, n.status])).toEqual([["Autumn news", "sent"]]);
    expect(personalDataExport(found).newsletters_sent_to_you).toEqual([expect.objectContaining({ newsletter: "Autumn news", status: "sent" })]);

    await erasePersonalData("found.me@dp.test", actor);
    const left = await getDb().select({ email: newsletterRecipients.email }).from(newsletterRecipients).where(eq(newsletterRecipients.newsletter_id, id));
    expect(left.map((r) => r.email)).toEqual(["keep.me@dp.test"]);
    expect((await findPersonalData("found.me@dp.test")).newsletters).toEqual([]);
    expect(await getNewsletter(id)).not.toBeNull();
  });

  it("are deleted the retention period after sending (a kept kind), the newsletter staying", async () => {
    expect(keptKinds().map((k) => k.kind)).toContain("newsletters");
    const old = await sentTo(["old.reader@dp.test"], "Old news");
    const recent = await sentTo(["new.reader@dp.test"], "New news");
    await getDb().update(newsletters).set({ sent_at: new Date(Date.now() - 400 * 86_400_000) }).where(eq(newsletters.id, old));
    const deleted = await deleteOldRecipientRows(new Date(Date.now() - 365 * 86_400_000));
    expect(deleted).toBeGreaterThan(0);
    expect(await getDb().select().from(newsletterRecipients).where(eq(newsletterRecipients.newsletter_id, old))).toEqual([]);
    expect((await getDb().select().from(newsletterRecipients).where(eq(newsletterRecipients.newsletter_id, recent))).length).toBeGreaterThan(0);
    expect(await getNewsletter(old)).not.toBeNull();
  });
});
