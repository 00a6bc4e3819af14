/**
 * Revisions of the lists staff edit (fund recipients, volunteer roles, the FAQ, legal
 * pages, the awards round and winners, news): each change keeps a version, History
 * compares one with now and restores it through the item's form checks, and a version
 * that no longer passes them changes nothing.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { contentRevisions } from "../../app/db/schema.ts";
import { newsPosts } from "../../app/features/news/table.ts";
import { faqs } from "../../app/features/faqs/table.ts";
import { fundRecipients } from "../../app/features/fund-recipients/table.ts";
import { createWinner, getAwardRound, saveAwardRound } from "../../app/features/awards/awards.server.ts";
import { categoriesText } from "../../app/features/awards/awards.schema.ts";
import { createFaq, moveFaq, setFaqVisible, updateFaq } from "../../app/features/faqs/faqs.server.ts";
import { createFundRecipient, moveFundRecipient, updateFundRecipient } from "../../app/features/fund-recipients/fund-recipients.server.ts";
import { getLegalPage, updateLegalPage } from "../../app/features/legal-pages/legal-pages.server.ts";
import { createNewsPost, updateNewsPost } from "../../app/features/news/news.server.ts";
import { compareRevision } from "../../app/domain/revisions/revisions.ts";
import { runHousekeeping } from "../../app/domain/limits/housekeeping.server.ts";
import { listRevisions, REVISION_TYPES, REVISIONS_KEPT } from "../../app/domain/revisions/revisions.server.ts";
import { createVolunteerRole, updateVolunteerRole } from "../../app/features/volunteer-roles/volunteer-roles.server.ts";
import { historySubject, historyTypes } from "../../app/routes/admin/history.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const actor = { userId: null, email: "history@millbrook.test", ip: "127.0.0.1" };

describe("revisions of the lists", () => {
  it("a fund recipient: each edit is a version; a move is not; restore brings the older figures back", async () => {
    const created = await createFundRecipient({ year: 2026, name: "Scouts", purpose: "A new tent for camp", amount_pence: 45_000, status: "awarded", is_visible: true }, actor);
    await updateFundRecipient(created.id, { year: 2026, name: "Scouts", purpose: "Two new tents for camp", amount_pence: 90_050, status: "funded", is_visible: true }, actor);
    const other = await createFundRecipient({ year: 2026, name: "Brass band", purpose: "Music stands", amount_pence: 20_000, status: "awarded", is_visible: true }, actor);
    await moveFundRecipient(other.id, "up", actor);
    const [latest, first] = await listRevisions("fund-recipient", created.id);
    expect(await listRevisions("fund-recipient", created.id)).toHaveLength(2);
    expect(latest!.actor_email).toBe(actor.email);

    const subject = (await historySubject("fund-recipient", String(created.id)))!;
    expect(subject.editPath).toBe(`/admin/fund-recipients/edit/${created.id}`);
    // (The database keeps a version's fields in its own order.)
    const changes = compareRevision(first!.data, subject.current)
      .map((c) => [subject.labels[c.field], c.revision, c.current])
      .sort();
    expect(changes).toEqual([
      ["Amount", "£450.00", "£900.50"],
      ["Status", "awarded", "funded"],
      ["What the grant is for", "A new tent for camp", "Two new tents for camp"],
    ]);
    expect(await subject.restore(first!.data, actor)).toBe(true);
    const [row] = await getDb().select().from(fundRecipients).where(eq(fundRecipients.id, created.id));
    expect([row!.purpose, row!.amount_pence, row!.status]).toEqual(["A new tent for camp", 45_000, "awarded"]);
    expect(await listRevisions("fund-recipient", created.id)).toHaveLength(3);
  });

  it("a question: show/hide is a version; a version that fails the form's checks is refused and changes nothing", async () => {
    const faq = await createFaq({ question: "Is there parking at the fairs?", answer: "Yes, behind the town hall.", is_visible: true }, actor);
    await setFaqVisible(faq.id, false, actor);
    await updateFaq(faq.id, { question: "Is there parking at the fairs?", answer: "Yes, behind the town hall, free on Saturdays.", is_visible: false }, actor);
    await moveFaq(faq.id, "up", actor);
    const versions = await listRevisions("faq", faq.id);
    expect(versions.map((v) => v.data.is_visible)).toEqual([false, false, true]);

    const subject = (await historySubject("faq", String(faq.id)))!;
    expect(await subject.restore({ ...versions[2]!.data, question: "?" }, actor)).toBe(false);
    expect(await listRevisions("faq", faq.id)).toHaveLength(3);
    expect(await subject.restore(versions[2]!.data, actor)).toBe(true);
    const [row] = await getDb().select().from(faqs).where(eq(faqs.id, faq.id));
    expect([row!.answer, row!.is_visible]).toEqual(["Yes, behind the town hall.", true]);
  });

  it("a volunteer role and a legal page restore their words", async () => {
    const role = await createVolunteerRole({ title: "Litter picker", description: "Keeps the riverside tidy.", commitment: "A morning a month", skills: "None needed", is_visible: true }, actor);
    await updateVolunteerRole(role.id, { title: "Litter picker", description: "Keeps the riverside and the park tidy.", commitment: "A morning a month", skills: "None needed", is_visible: true }, actor);
    const [, roleFirst] = await listRevisions("volunteer-role", role.id);
    expect(await (await historySubject("volunteer-role", String(role.id)))!.restore(roleFirst!.data, actor)).toBe(true);
    expect((await historySubject("volunteer-role", String(role.id)))!.current.description).toBe("Keeps the riverside tidy.");

    const before = await getLegalPage("cookies");
    await updateLegalPage("cookies", { title: before.title, body: `${before.body}\n\nA line added for the test.` }, actor);
    await updateLegalPage("cookies", { title: before.title, body: `${before.body}\n\nA second line.` }, actor);
    const [, legalFirst] = await listRevisions("legal-page", "cookies");
    const legal = (await historySubject("legal-page", "cookies"))!;
    expect(legal.editPath).toBe("/admin/legal-pages/cookies");
    expect(await legal.restore(legalFirst!.data, actor)).toBe(true);
    expect((await getLegalPage("cookies")).body).toBe(`${before.body}\n\nA line added for the test.`);
    expect(await historySubject("legal-page", "nowhere")).toBeNull();
  });

  it("the awards round and a winner", async () => {
    const round = await getAwardRound();
    const form = {
      nominations_open: round.nominations_open,
      nominations_close: round.nominations_close,
      ceremony_date: round.ceremony_date,
      ceremony_time: round.ceremony_time,
      venue: round.venue,
      categories: categoriesText(round.categories),
    };
    await saveAwardRound({ ...form, venue: "The Old Corn Exchange" }, actor);
    await saveAwardRound({ ...form, venue: "Millbrook Library" }, actor);
    const [, older] = await listRevisions("award-round", "current");
    const subject = (await historySubject("award-round", "current"))!;
    expect(subject.current.venue).toBe("Millbrook Library");
    expect(await subject.restore(older!.data, actor)).toBe(true);
    expect((await getAwardRound()).venue).toBe("The Old Corn Exchange");
    expect((await getAwardRound()).categories).toEqual(round.categories);
    await saveAwardRound(form, actor);

    const winner = await createWinner({ year: "2026", category: "volunteer-year", name: "Joan Baker", achievement: "Ran the lunch club for ten years." }, actor);
    const [version] = await listRevisions("award-winner", winner.id);
    expect(version!.data).toMatchObject({ year: 2026, name: "Joan Baker" });
    expect((await historySubject("award-winner", String(winner.id)))!.labels.achievement).toBe("Achievement");
  });

  it("a news post restores its words and keeps its address", async () => {
    const post = await createNewsPost(
      { title: "Bulbs for the green", slug: "", summary: "Volunteers planted 2,000 bulbs.", body: "<p>Thank you to everyone who came.</p>", author: "Sam", image_alt: "", status: "draft", publish_at: "" },
      actor,
    );
    await updateNewsPost(
      post.id,
      { title: "Bulbs for the green", slug: post.slug, summary: "Volunteers planted 3,000 bulbs.", body: "<p>Thank you all.</p>", author: "Sam", image_alt: "", status: "draft", publish_at: "" },
      actor,
    );
    const [, first] = await listRevisions("news", post.id);
    expect(await (await historySubject("news", String(post.id)))!.restore(first!.data, actor)).toBe(true);
    const [row] = await getDb().select().from(newsPosts).where(eq(newsPosts.id, post.id));
    expect([row!.summary, row!.body, row!.slug]).toEqual(["Volunteers planted 2,000 bulbs.", "<p>Thank you to everyone who came.</p>", post.slug]);
  });

  it("every type of revision has a history screen entry", async () => {
    // Every revision type the registry declares has a subject (a feature's from its history.server.ts).
    expect([...historyTypes()].sort()).toEqual([...REVISION_TYPES].sort());
    for (const type of REVISION_TYPES) expect(await historySubject(type, "999999")).toBeNull();
  });
});

describe("pruning", () => {
  it("housekeeping keeps each item's newest versions (those History lists) and deletes the older ones", async () => {
    const busy = await createFaq({ question: "How often is this edited?", answer: "Version 0", is_visible: true }, actor);
    for (let n = 1; n <= REVISIONS_KEPT + 2; n++) {
      await updateFaq(busy.id, { question: "How often is this edited?", answer: `Version ${n}`, is_visible: true }, actor);
    }
    const quiet = await createFaq({ question: "Is this edited at all?", answer: "Once", is_visible: true }, actor);
    expect(await countRevisions("faq", busy.id)).toBe(REVISIONS_KEPT + 3);

    const { revisions } = await runHousekeeping();
    expect(revisions).toBeGreaterThanOrEqual(3);
    expect(await countRevisions("faq", busy.id)).toBe(REVISIONS_KEPT);
    const kept = await listRevisions("faq", busy.id);
    expect(kept[0]!.data.answer).toBe(`Version ${REVISIONS_KEPT + 2}`);
    expect(kept.at(-1)!.data.answer).toBe("Version 3");
    expect(await countRevisions("faq", quiet.id)).toBe(1);
    // Nothing more to prune: a second run deletes none of this item's versions.
    await runHousekeeping();
    expect(await countRevisions("faq", busy.id)).toBe(REVISIONS_KEPT);
  });
});

async function countRevisions(type: string, id: number): Promise<number> {
  const rows = await getDb().select({ id: contentRevisions.id }).from(contentRevisions).where(and(eq(contentRevisions.content_type, type), eq(contentRevisions.content_id, String(id))));
  return rows.length;
}
