/**
 * Page texts, causes, fund recipients and revisions against a real database: refused
 * input changes nothing, saves are audited and keep a revision, restore brings a version
 * back, and the public reads follow (hidden items leave, raised adds paid gifts).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { auditLog } from "../../app/db/schema.ts";
import { pageTexts } from "../../app/features/page-texts/table.ts";
import { donations } from "../../app/features/giving/table.ts";
import { causes } from "../../app/features/causes/table.ts";
import { CauseFormSchema, causeAltTextProblem } from "../../app/features/causes/causes.schema.ts";
import { createCause, deleteCause, listCauses, listCausesForAdmin, moveCause, setCauseVisible, updateCause } from "../../app/features/causes/causes.server.ts";
import { FundRecipientFormSchema } from "../../app/features/fund-recipients/fund-recipients.schema.ts";
import {
  createFundRecipient,
  listFundRecipients,
  listFundRecipientsForAdmin,
  moveFundRecipient,
  setFundRecipientVisible,
} from "../../app/features/fund-recipients/fund-recipients.server.ts";
import { pageDefaults } from "../../app/features/page-texts/page-texts.ts";
import { getPageTexts, getPageTextsForAdmin, savePageTexts } from "../../app/features/page-texts/page-texts.server.ts";
import { compareRevision } from "../../app/domain/revisions/revisions.ts";
import { listRevisions } from "../../app/domain/revisions/revisions.server.ts";
import { historySubject } from "../../app/routes/admin/history.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const actor = { userId: null, email: "editor@millbrook.test", ip: "127.0.0.1" };

describe("page texts", () => {
  it("read as the built-in defaults until staff save, and store only what changed", async () => {
    const home = await getPageTexts("home");
    expect(home).toEqual(pageDefaults("home"));
    expect(home.cta_title).toBe("Small gifts make a big difference here");
    expect(home.figure_2_value).toBe("7");

    const result = await savePageTexts("home", { ...home, cta_title: "Every pound stays in Millbrook", figure_2_value: "12" }, actor);
    expect(result).toEqual({ ok: true, changed: ["figure_2_value", "cta_title"] });
    const rows = await getDb().select().from(pageTexts);
    expect(rows.map((r) => r.key).sort()).toEqual(["home.cta_title", "home.figure_2_value"]);
    expect((await getPageTexts("home")).cta_title).toBe("Every pound stays in Millbrook");
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.action, "page_texts.updated"));
    expect(audit.details).toMatchObject({ changed: ["figure_2_value", "cta_title"] });
  });

  it("refuses an empty required text or one too long, and changes nothing", async () => {
    const before = await getPageTextsForAdmin("about");
    const revisionsBefore = (await listRevisions("page", "about")).length;
    const empty = await savePageTexts("about", { ...before, mission: "   " }, actor);
    expect(empty).toEqual({ ok: false, errors: { mission: "Our mission is required" } });
    const long = await savePageTexts("about", { ...before, value_1_title: "x".repeat(61) }, actor);
    expect(long).toEqual({ ok: false, errors: { value_1_title: "Must be at most 60 characters" } });
    expect(await getPageTextsForAdmin("about")).toEqual(before);
    expect(await listRevisions("page", "about")).toHaveLength(revisionsBefore);
  });

  it("keeps a revision per save; compare shows the difference and restore brings it back", async () => {
    const original = await getPageTextsForAdmin("community-fund");
    await savePageTexts("community-fund", { ...original, target: "£12,000" }, actor);
    await savePageTexts("community-fund", { ...original, target: "£15,000", target_year: "2031" }, actor);
    const [latest, first] = await listRevisions("page", "community-fund");
    expect(latest.actor_email).toBe("editor@millbrook.test");
    expect(first.data.target).toBe("£12,000");

    const subject = (await historySubject("page", "community-fund"))!;
    expect(compareRevision(first.data, subject.current)).toEqual([
      { field: "target", revision: "£12,000", current: "£15,000" },
      { field: "target_year", revision: "2030", current: "2031" },
    ]);
    expect(await subject.restore(first.data, actor)).toBe(true);
    const restored = await getPageTexts("community-fund");
    expect([restored.target, restored.target_year]).toEqual(["£12,000", "2030"]);
    // The two saves, the restore, and the original wording (kept at the first save).
    const revisions = await listRevisions("page", "community-fund");
    expect(revisions).toHaveLength(4);
    expect(revisions.at(-1)?.data.target).toBe(original.target);
  });

  it("has no history for a page that does not exist", async () => {
    expect(await historySubject("page", "nowhere")).toBeNull();
    expect(await historySubject("cause", "999999")).toBeNull();
  });
});

describe("causes", () => {
  const form = (extra: Record<string, string> = {}) =>
    CauseFormSchema.safeParse({ title: "Skate park", description: "New ramps for the skate park.", goal: "5,000", raised: "£250", image_alt: "", image_decorative: "", is_visible: "on", ...extra });

  it("reads goal and raised as pounds and pence into pence, and checks alt text for an image", () => {
    const ok = form();
    expect(ok.success && ok.data).toMatchObject({ goal_pence: 500_000, raised_pence: 25_000, is_visible: true });
    expect(form({ goal: "£1,250.50", raised: "1250.5" }).data).toMatchObject({ goal_pence: 125_050, raised_pence: 125_050 });
    const bad = form({ goal: "lots", raised: "-5" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      "Goal must be in pounds and pence, for example 1250.50",
      "Raised off the site must be in pounds and pence, for example 1250.50",
    ]);
    expect(form({ goal: "12.505" }).error?.issues[0].message).toBe("Goal can have no more than 2 digits after the point, for example 1250.50");
    expect(form({ goal: "0.99" }).error?.issues[0].message).toBe("Goal must be between £1 and £10,000,000");
    expect(form({ goal: "10000000.01" }).error?.issues[0].message).toBe("Goal must be between £1 and £10,000,000");
    const parsed = form().data!;
    expect(causeAltTextProblem(parsed, true)).toMatch(/Describe the image/);
    expect(causeAltTextProblem({ ...parsed, image_decorative: true }, true)).toBeNull();
  });

  it("adds, reorders, hides and deletes; the public list follows", async () => {
    const added = await createCause({ title: "Skate park", description: "New ramps.", goal_pence: 500_000, raised_pence: 25_000, image: null, image_alt: "", is_visible: true }, actor);
    expect((await listCauses()).items.at(-1)?.title).toBe("Skate park");
    expect(await moveCause(added.id, "down", actor)).toBe(false);
    expect(await moveCause(added.id, "up", actor)).toBe(true);
    const titles = (await listCausesForAdmin()).map((c) => c.title);
    expect(titles.at(-2)).toBe("Skate park");
    await setCauseVisible(added.id, false, actor);
    expect((await listCauses()).items.map((c) => c.title)).not.toContain("Skate park");
    expect(await deleteCause(added.id, actor)).toBe(true);
    expect(await deleteCause(added.id, actor)).toBe(false);
  });

  it("raised adds the paid gifts given to the cause to the amount entered by hand", async () => {
    const cause = await createCause({ title: "Bus shelter", description: "A bench and a roof.", goal_pence: 200_000, raised_pence: 10_000, image: null, image_alt: "", is_visible: true }, actor);
    const gift = (pence: number, status: "paid" | "refunded") => ({
      mode: "one-off" as const,
      reference: `MCF-${cause.id}-${pence}-${status}`,
      amount_pence: pence,
      email: "donor@example.org",
      status,
      cause_id: cause.id,
      cause_title: cause.title,
    });
    await getDb().insert(donations).values([gift(5000, "paid"), gift(2550, "paid"), gift(90000, "refunded")]);
    const shown = (await listCauses()).items.find((c) => c.title === "Bus shelter");
    expect(shown?.raised_pence).toBe(10_000 + 5000 + 2550);
    expect((await listCausesForAdmin()).find((c) => c.id === cause.id)?.gifts).toBe(7550);
  });

  it("keeps a revision of each edit and restores the texts of an older one", async () => {
    const cause = await createCause({ title: "Library garden", description: "Benches and bulbs.", goal_pence: 80_000, raised_pence: 0, image: null, image_alt: "", is_visible: true }, actor);
    await updateCause(cause.id, { title: "Library garden", description: "Benches, bulbs and a water butt.", goal_pence: 90_000, raised_pence: 4050, image_alt: "", is_visible: true }, actor);
    const [latest, created] = await listRevisions("cause", cause.id);
    expect(latest.data).toMatchObject({ goal_pence: 90_000, raised_pence: 4050 });
    const subject = (await historySubject("cause", String(cause.id)))!;
    expect(await subject.restore(created.data, actor)).toBe(true);
    const [row] = await getDb().select().from(causes).where(eq(causes.id, cause.id));
    expect([row.description, row.goal_pence, row.raised_pence]).toEqual(["Benches and bulbs.", 80_000, 0]);
    expect(await listRevisions("cause", cause.id)).toHaveLength(3);
  });
});

describe("fund recipients", () => {
  it("refuses a bad year, amount or status", () => {
    const result = FundRecipientFormSchema.safeParse({ year: "25", name: "Bowls club", purpose: "New woods", amount: "1.505", status: "maybe", is_visible: "on" });
    expect(result.error?.issues.map((i) => i.message)).toEqual(["Enter a year such as 2026", "Amount can have no more than 2 digits after the point, for example 1250.50", "Choose Awarded or Funded"]);
    const ok = FundRecipientFormSchema.safeParse({ year: "2026", name: "Bowls club", purpose: "New woods", amount: "£1,250.50", status: "awarded", is_visible: "on" });
    expect(ok.data).toMatchObject({ amount_pence: 125_050 });
  });

  it("lists the newest year first, moves within a year and hides", async () => {
    const a = await createFundRecipient({ year: 2026, name: "Bowls club", purpose: "New woods", amount_pence: 40_000, status: "awarded", is_visible: true }, actor);
    const b = await createFundRecipient({ year: 2026, name: "Choir", purpose: "Sheet music", amount_pence: 30_000, status: "funded", is_visible: true }, actor);
    const first = (await listFundRecipients()).items.slice(0, 2);
    expect(first.map((r) => [r.year, r.name, r.status])).toEqual([
      [2026, "Bowls club", "awarded"],
      [2026, "Choir", "funded"],
    ]);
    expect(await moveFundRecipient(a.id, "up", actor)).toBe(false);
    expect(await moveFundRecipient(b.id, "up", actor)).toBe(true);
    expect((await listFundRecipientsForAdmin()).slice(0, 2).map((r) => r.name)).toEqual(["Choir", "Bowls club"]);
    // The last recipient of 2026 does not move into 2025.
    expect(await moveFundRecipient(a.id, "down", actor)).toBe(false);
    await setFundRecipientVisible(b.id, false, actor);
    expect((await listFundRecipients()).items.map((r) => r.name)).not.toContain("Choir");
  });
});
