/**
 * Page texts, causes, fund recipients and revisions against a real database: refused
 * input changes nothing, saves are audited and keep a revision, restore brings a version
 * back, and the public reads follow (hidden items leave, raised adds paid gifts).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { auditLog, causes, donations, formSubmissions, pageTexts } from "../../app/db/schema.ts";
import { AnnualReportFormSchema } from "../../app/domain/annual-reports/annual-reports.schema.ts";
import { createAnnualReport, deleteAnnualReport, listAnnualReports, setAnnualReportVisible } from "../../app/domain/annual-reports/annual-reports.server.ts";
import { storePdf } from "../../app/storage/documents.server.ts";
import { GalleryImageFormSchema, galleryImageProblems } from "../../app/domain/craft-fair-gallery/gallery.schema.ts";
import {
  createGalleryImage,
  deleteGalleryImage,
  listGallery,
  listGalleryForAdmin,
  moveGalleryImage,
  setGalleryImageVisible,
} from "../../app/domain/craft-fair-gallery/gallery.server.ts";
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
import { pageDefaults } from "../../app/domain/page-texts/page-texts.ts";
import { getPageTexts, getPageTextsForAdmin, savePageTexts } from "../../app/domain/page-texts/page-texts.server.ts";
import { compareRevision } from "../../app/domain/revisions/revisions.ts";
import { listRevisions } from "../../app/domain/revisions/revisions.server.ts";
import { submitPublicForm } from "../../app/domain/submissions/submissions.server.ts";
import { VolunteerRoleFormSchema } from "../../app/domain/volunteer-roles/volunteer-roles.schema.ts";
import {
  createVolunteerRole,
  listVolunteerRoles,
  listVolunteerRolesForAdmin,
  moveVolunteerRole,
  setVolunteerRoleVisible,
} from "../../app/domain/volunteer-roles/volunteer-roles.server.ts";
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

describe("volunteer roles", () => {
  const role = (title: string) => ({ title, description: "Helps in the community garden.", commitment: "A morning a month", skills: "Green fingers", is_visible: true });
  const application = (interests: string[]) => {
    const fd = new FormData();
    const fields: Record<string, string | string[]> = {
      fullName: "Ann Example",
      email: "ann@example.org",
      phone: "01632 960 111",
      interests,
      availability: ["weekends"],
      motivation: "I would like to help my town.",
      terms: "on",
    };
    for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) fd.append(key, v);
    return fd;
  };

  it("starts with the built-in roles; a new role gets its own id; hidden roles leave the page", async () => {
    expect((await listVolunteerRoles()).items.map((r) => r.slug)).toEqual(["event-support", "fundraising-team", "community-outreach", "administrative-support"]);
    const first = await createVolunteerRole(role("Garden Helper"), actor);
    const second = await createVolunteerRole(role("Garden Helper"), actor);
    expect([first.slug, second.slug]).toEqual(["garden-helper", "garden-helper-2"]);
    expect(await moveVolunteerRole(second.id, "up", actor)).toBe(true);
    expect((await listVolunteerRolesForAdmin()).slice(-2).map((r) => r.id)).toEqual([second.id, first.id]);
    await setVolunteerRoleVisible(second.id, false, actor);
    expect((await listVolunteerRoles()).items.map((r) => r.slug)).not.toContain("garden-helper-2");
    expect(VolunteerRoleFormSchema.safeParse({ ...role("ab"), is_visible: "on" }).error?.issues[0].message).toBe("Title must be at least 3 characters");
  });

  it("the volunteer form takes only the roles offered now, and stores nothing otherwise", async () => {
    const offered = (await listVolunteerRoles()).items.map((r) => r.slug);
    const refused = await submitPublicForm("volunteer", application(["event-support", "garden-helper-2"]), { ip: "203.0.113.9", choices: { interests: offered } });
    expect(refused).toMatchObject({ status: "invalid", errors: { interests: "Please choose from the listed roles" } });
    expect(await getDb().select().from(formSubmissions)).toHaveLength(0);
    const accepted = await submitPublicForm("volunteer", application(["event-support", "garden-helper"]), { ip: "203.0.113.9", choices: { interests: offered } });
    expect(accepted.status).toBe("ok");
  });
});

describe("annual reports", () => {
  const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

  it("starts with the built-in reports, newest first", async () => {
    expect((await listAnnualReports()).items.map((r) => [r.year, r.file])).toEqual([
      [2024, "/reports/annual-report-2024.pdf"],
      [2023, "/reports/annual-report-2023.pdf"],
    ]);
  });

  it("stores only real PDFs, lists the new year first, hides and deletes", async () => {
    await expect(storePdf("reports", new TextEncoder().encode("<!doctype html><script>alert(1)</script>"))).rejects.toThrow("The file is not a PDF");
    await expect(storePdf("reports", new TextEncoder().encode("%PDF-1.4 but cut short"))).rejects.toThrow("The file is not a PDF");
    const file = await storePdf("reports", pdf);
    expect(file).toMatch(/^\/uploads\/reports\/[0-9a-f-]{36}\.pdf$/);
    const report = await createAnnualReport({ year: 2025, title: "Annual Report 2025", is_visible: true, file }, actor);
    expect((await listAnnualReports()).items[0]).toEqual({ year: 2025, title: "Annual Report 2025", file });
    await setAnnualReportVisible(report.id, false, actor);
    expect((await listAnnualReports()).items.map((r) => r.year)).toEqual([2024, 2023]);
    expect(await deleteAnnualReport(report.id, actor)).toBe(true);
    expect(AnnualReportFormSchema.safeParse({ year: "20", title: "Report", is_visible: "on" }).error?.issues[0].message).toBe("Enter a year such as 2025");
  });
});

describe("craft fair gallery", () => {
  it("starts with the built-in images; needs an image and alt text unless decorative; order and hide follow", async () => {
    const start = (await listGallery()).items;
    expect(start).toHaveLength(6);
    expect(start[0]).toEqual({ image: "/images/craft-fairs/gallery-pottery.svg", image_alt: "Hand-thrown pottery in soft blues and greens on a stall table" });
    const form = GalleryImageFormSchema.parse({ image_alt: "", image_decorative: "", is_visible: "on" });
    expect(galleryImageProblems(form, false)).toEqual({ image: "Choose an image for the gallery" });
    expect(galleryImageProblems(form, true)?.image_alt).toMatch(/Describe the image/);
    expect(galleryImageProblems({ ...form, image_decorative: true }, true)).toBeNull();

    // (An address outside the media library: the row's own alt text is shown.)
    const added = await createGalleryImage({ image: "/images/placeholder.svg", image_alt: "Bunting over the hall", is_visible: true }, actor);
    expect(await moveGalleryImage(added.id, "up", actor)).toBe(true);
    expect((await listGallery()).items.at(-2)?.image_alt).toBe("Bunting over the hall");
    await setGalleryImageVisible(added.id, false, actor);
    expect((await listGallery()).items.map((g) => g.image_alt)).not.toContain("Bunting over the hall");
    expect(await deleteGalleryImage(added.id, actor)).toBe(true);
    // The built-in images are still there.
    expect((await listGalleryForAdmin()).length).toBe(6);
  });
});
