/**
 * Sample giving for a new site, so the screens show what they are for: an appeal on the
 * first cause (running now, with a matched week and an update), a cheque and a cash gift from
 * sample supporters and a bucket collection at the craft fair. Written once (content_seeded "sample-giving"), and only on a site without
 * any gift or appeal yet. The sample cash gift carries no Gift Aid declaration, so no
 * sample ever reaches an HMRC schedule; the collection's place says it is a sample.
 */
import { asc, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import type { SampleSection } from "../../db/seed.server.ts";
import { postAppealUpdate, saveAppeal } from "../appeals/index.ts";
import { causes } from "../causes/table.ts";
import { supporterByEmail } from "../supporters/index.ts";
import { recordCollection, recordOfflineGift } from "./offline-gifts.server.ts";
import { ukDate } from "../../lib/uk-time.ts";

const SAMPLE_ACTOR = { email: "sample@millbrookfoundation.org.uk" };
const day = (plus: number) => ukDate(new Date(Date.now() + plus * 86_400_000));

export default [
  {
    section: "sample-giving",
    seed: "example",
    // The gifts come from sample supporters, who are written only on a site without gifts.
    after: ["sample-supporters"],
    async write(tx) {
      // Only a new site: never sample money in a ledger with real gifts.
      const existing = await tx.execute<{ n: number }>(sql`select ((select count(*) from donations) + (select count(*) from appeals))::int as n`);
      return existing.rows[0].n === 0 ? "written" : "skipped";
    },
    // Through the appeals' and offline gifts' own rules, once the section is claimed.
    afterCommit: writeSampleGiving,
  },
] satisfies readonly SampleSection[];

async function writeSampleGiving(): Promise<void> {
  const [first] = await getDb().select({ id: causes.id }).from(causes).orderBy(asc(causes.sort_order), asc(causes.id)).limit(1);
  if (first) {
    const appeal = await saveAppeal(first.id, { goalPence: 300_000, startsOn: day(-14), endsOn: day(21), match: { matcherName: "Millbrook Bakery", from: day(-2), to: day(5), capPence: 50_000 } }, SAMPLE_ACTOR);
    await postAppealUpdate(appeal.id, "Thank you for a wonderful start! Millbrook Bakery is doubling every gift this week, up to £500.", SAMPLE_ACTOR);
  }
  const bakery = await supporterByEmail("millbrook.bakery@example.org");
  await recordOfflineGift(
    { donor: bakery ? { kind: "supporter", id: bakery.id } : { kind: "anonymous" }, amountPence: 25_000, receivedOn: day(-6), causeId: first?.id ?? null, method: "cheque", benefitPence: 0, declaration: null },
    SAMPLE_ACTOR,
  );
  const margaret = await supporterByEmail("margaret.ellis@example.org");
  await recordOfflineGift(
    {
      donor: margaret ? { kind: "supporter", id: margaret.id } : { kind: "anonymous" },
      amountPence: 4_000,
      receivedOn: day(-1),
      causeId: first?.id ?? null,
      method: "cash",
      benefitPence: 0,
      declaration: null,
    },
    SAMPLE_ACTOR,
  );
  await recordCollection({ collectedOn: day(-10), place: "Craft fair bucket (sample)", collectedAs: "cash", amountPence: 18_640, causeId: null }, SAMPLE_ACTOR);
}
