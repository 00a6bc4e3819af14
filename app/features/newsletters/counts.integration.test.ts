/**
 * A sent newsletter's "unsubscribed since": the people it was sent to who withdrew after
 * their copy went and are still unsubscribed, counted from the withdrawals since the send
 * started. Written straight into the tables, with the times a long send and later changes
 * of mind give.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { consentEvents, supporters } from "../supporters/table.ts";
import { newsletterCounts } from "./newsletters.server.ts";
import { newsletterRecipients, newsletters, type RecipientStatus } from "./table.ts";

setupTestDatabase();

const HOUR = 3_600_000;
const listed = new Date(Date.now() - 30 * 24 * HOUR);
const at = (hours: number) => new Date(listed.getTime() + hours * HOUR);

async function person(name: string, subscribedNow: boolean, changes: { given: boolean; hours: number }[]) {
  const [row] = await getDb()
    .insert(supporters)
    .values({ email: `${name}@counts.test`, name, subscribed: subscribedNow })
    .returning({ id: supporters.id });
  for (const c of changes) await getDb().insert(consentEvents).values({ supporter_id: row.id, given: c.given, source: "test", at: at(c.hours) });
  return row.id;
}

async function sentNewsletter(subject: string, listedAt: Date | null) {
  const [row] = await getDb()
    .insert(newsletters)
    .values({ subject, body: "<p>Hello</p>", status: "sent", listed_at: listedAt, sent_at: at(5) })
    .returning({ id: newsletters.id });
  return row.id;
}

async function recipient(newsletterId: number, supporterId: string, status: RecipientStatus, sentHours: number | null) {
  await getDb()
    .insert(newsletterRecipients)
    .values({ newsletter_id: newsletterId, supporter_id: supporterId, email: `${supporterId}@counts.test`, status, sent_at: sentHours === null ? null : at(sentHours) });
}

describe("a sent newsletter's unsubscribed since", () => {
  it("counts those sent it who withdrew after their copy and are still unsubscribed, once each, and no one else", async () => {
    const id = await sentNewsletter("Autumn news", listed);
    const other = await sentNewsletter("Winter news", at(-2000));

    // Counted: withdrew after their copy went (a day later; one twice, counted once).
    const left = await person("left", false, [{ given: true, hours: -500 }, { given: false, hours: 24 }]);
    await recipient(id, left, "sent", 1);
    const leftTwice = await person("left-twice", false, [{ given: false, hours: 10 }, { given: false, hours: 40 }]);
    await recipient(id, leftTwice, "sent", 2);
    // The send took hours: withdrew after it started but before their own copy went: not counted.
    const beforeTheirCopy = await person("before-their-copy", false, [{ given: false, hours: 3 }]);
    await recipient(id, beforeTheirCopy, "sent", 4);
    // Withdrew long before the send (and was sent it while subscribed again, then left without a withdrawal since): not counted.
    const longAgo = await person("long-ago", false, [{ given: false, hours: -100 }]);
    await recipient(id, longAgo, "sent", 1);
    // Withdrew after, then came back: subscribed now, not counted.
    const cameBack = await person("came-back", true, [{ given: false, hours: 24 }, { given: true, hours: 48 }]);
    await recipient(id, cameBack, "sent", 1);
    // Withdrew after, but their copy was never sent (skipped, failed): not counted.
    const skipped = await person("skipped", false, [{ given: false, hours: 24 }]);
    await recipient(id, skipped, "skipped", null);
    const failed = await person("failed", false, [{ given: false, hours: 24 }]);
    await recipient(id, failed, "failed", null);
    // Withdrew after, but was sent another newsletter, not this one: counted there only.
    const elsewhere = await person("elsewhere", false, [{ given: false, hours: 24 }]);
    await recipient(other, elsewhere, "sent", -1999);
    // Still subscribed, never withdrew: not counted.
    const stayed = await person("stayed", true, [{ given: true, hours: -500 }]);
    await recipient(id, stayed, "sent", 1);

    expect(await newsletterCounts(id)).toMatchObject({ listed: 8, sent: 6, skipped: 1, failed: 1, unsubscribed: 2 });
    expect((await newsletterCounts(other)).unsubscribed).toBe(1);
  });

  it("counts from every withdrawal when the send's start was not recorded", async () => {
    const id = await sentNewsletter("Old news", null);
    const left = await person("old-left", false, [{ given: false, hours: 24 }]);
    await recipient(id, left, "sent", 1);
    const before = await person("old-before", false, [{ given: false, hours: -24 }]);
    await recipient(id, before, "sent", 1);
    expect((await newsletterCounts(id)).unsubscribed).toBe(1);
  });
});
