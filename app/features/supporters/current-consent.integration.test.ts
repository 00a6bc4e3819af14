/**
 * "Subscribed now" is kept on the supporter (supporters.subscribed) by a trigger on
 * consent_events: it must always say what the latest consent event says, whatever order
 * the events arrive in, when events move in a merge, when they are deleted, and when two
 * transactions record consent for the same person at once. The supporters list, the
 * newsletter audience and the sender read it.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { audienceCount } from "../newsletters/newsletters.server.ts";
import { listSupporters, mergeSupporters, parseSupporterFilters } from "./admin.server.ts";
import { currentConsent, linkSupporter, recordConsent } from "./supporters.server.ts";
import { consentEvents, supporters } from "./table.ts";

setupTestDatabase();

async function person(email: string) {
  return getDb().transaction((tx) => linkSupporter(tx, { email, name: "" })) as Promise<string>;
}

async function consent(supporterId: string, given: boolean, at?: Date) {
  await getDb().transaction((tx) => recordConsent(tx, { supporterId, given, source: "test", wording: given ? "Email me news" : "", at }));
}

async function stored(supporterId: string) {
  const [row] = await getDb().select({ subscribed: supporters.subscribed }).from(supporters).where(eq(supporters.id, supporterId));
  return row?.subscribed;
}

async function listed(q: string) {
  return (await listSupporters(parseSupporterFilters(new URLSearchParams(q)))).items.map((r) => r.email);
}

describe("subscribed now, kept on the supporter", () => {
  it("follows the latest consent event: given, withdrawn, given again; none is not subscribed", async () => {
    const id = await person("follow@example.org");
    expect(await stored(id)).toBe(false);
    await consent(id, true);
    expect(await stored(id)).toBe(true);
    await consent(id, false);
    expect(await stored(id)).toBe(false);
    await consent(id, true);
    expect(await stored(id)).toBe(true);
    expect((await currentConsent(id)).subscribed).toBe(true);
    expect(await listed("subscribed=yes&q=follow")).toEqual(["follow@example.org"]);
  });

  it("goes by the events' time, not the order they were written: a back-dated consent does not undo a later withdrawal", async () => {
    const id = await person("late@example.org");
    await consent(id, false);
    await consent(id, true, new Date(Date.now() - 86_400_000));
    expect((await currentConsent(id)).subscribed).toBe(false);
    expect(await stored(id)).toBe(false);
    expect(await listed("subscribed=no&q=late")).toEqual(["late@example.org"]);
  });

  it("works it out again when an event is deleted", async () => {
    const id = await person("deleted@example.org");
    await consent(id, true);
    await consent(id, false);
    const [withdrawal] = await getDb().select().from(consentEvents).where(eq(consentEvents.supporter_id, id)).orderBy(consentEvents.id).offset(1);
    await getDb().delete(consentEvents).where(eq(consentEvents.id, withdrawal!.id));
    expect(await stored(id)).toBe(true);
  });

  it("a merge moves the other's consent to the one kept, and the newsletter audience counts them", async () => {
    const keep = await person("merge.keep.consent@example.org");
    const other = await person("merge.other.consent@example.org");
    await consent(other, true);
    const before = await audienceCount({ kind: "all" });
    expect(await stored(keep)).toBe(false);
    expect((await mergeSupporters(keep, other, { email: "staff@example.org" })).ok).toBe(true);
    expect(await stored(keep)).toBe(true);
    // The other is gone; the kept one is subscribed: the same number of people.
    expect(await audienceCount({ kind: "all" })).toBe(before);
  });

  it("two transactions recording consent and withdrawal for one person at once leave what the later event says", async () => {
    for (let round = 0; round < 10; round++) {
      const id = await person(`race${round}@example.org`);
      await consent(id, true);
      await Promise.all([consent(id, false), consent(id, true)]);
      expect(await stored(id)).toBe((await currentConsent(id)).subscribed);
    }
  });
});
