/**
 * Legal pages, FAQ, contact details and the awards round: starting content written once per
 * section, audited saves, and the server refusing late nominations and late stall applications.
 */
import { desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { markupBlocks } from "../../app/components/site/simple-markup.tsx";
import { readReply, type PublicReply } from "../../app/components/site/form-kit.tsx";
import { getDb } from "../../app/db/client.server.ts";
import { auditLog } from "../../app/db/schema.ts";
import { events } from "../../app/features/events/table.ts";
import { formSubmissions } from "../../app/features/submissions/table.ts";
import { craftFairs } from "../../app/features/craft-fairs/table.ts";
import { faqs } from "../../app/features/faqs/table.ts";
import { seedNewSections } from "../../app/db/seed.server.ts";
import { siteSamples } from "../../app/samples.server.ts";
import { getAwardRound, nominationsState } from "../../app/features/awards/index.ts";
import { getContactDetails, saveContactDetails } from "../../app/features/contact/contact.server.ts";
import { CraftFairFormSchema } from "../../app/features/craft-fairs/craft-fairs.schema.ts";
import { toggleCraftFairActive } from "../../app/features/craft-fairs/craft-fairs-admin.server.ts";
import { listUpcomingCraftFairs } from "../../app/features/craft-fairs/craft-fairs.server.ts";
import { toggleEventActive } from "../../app/features/events/events-admin.server.ts";
import { getPublicEvent, listUpcomingEvents } from "../../app/features/events/events.server.ts";
import { listPublicFaqs } from "../../app/features/faqs/faqs.server.ts";
import { getLegalPage, updateLegalPage } from "../../app/features/legal-pages/legal-pages.server.ts";
import { action as craftFairsAction, loader as craftFairsLoader } from "../../app/features/craft-fairs/craft-fairs-page.tsx";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { dataOf, publicPost as post, statusOf } from "../helpers/public-post.ts";
import { ukDate } from "../../app/lib/uk-time.ts";

setupTestDatabase();

const actor = { userId: null, email: "editor@millbrook.test", ip: "127.0.0.1" };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);


describe("starting content", () => {
  it("is written once per section and never again, even after staff empty a section", async () => {
    expect((await listPublicFaqs()).items.length).toBeGreaterThan(0);
    expect((await getLegalPage("privacy")).body).toContain("Information Commissioner's Office");
    expect(nominationsState(await getAwardRound(), ukDate())).toBe("open");
    await getDb().delete(faqs);
    expect(await seedNewSections(getDb(), await siteSamples())).toEqual([]);
    expect((await listPublicFaqs()).items).toEqual([]);
  });
});

describe("legal pages and contact details", () => {
  it("saves a legal page and records it in the audit log", async () => {
    await updateLegalPage("cookies", { title: "Cookies", body: "We set no tracking cookies at all on the public website, none." }, actor);
    expect(await getLegalPage("cookies")).toMatchObject({ title: "Cookies", body: "We set no tracking cookies at all on the public website, none." });
    const [entry] = await getDb().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: "legal_page.updated", entity_id: "cookies" });
    expect(entry.details).toMatchObject({ changed: ["title", "body"] });
  });

  it("saves the footer's details and the page emails", async () => {
    await saveContactDetails(
      {
        address: "1 New Street\nMillbrook",
        phone: "01632 000 000",
        contact_email: "hello@example.org",
        events_email: "events@example.org",
        craft_fairs_email: "fairs@example.org",
        awards_email: "awards@example.org",
        fund_email: "fund@example.org",
        trustees_email: "trustees@example.org",
        facebook_url: "",
        twitter_url: "",
        instagram_url: "https://instagram.com/millbrook",
      },
      actor,
    );
    expect(await getContactDetails()).toMatchObject({ address: "1 New Street\nMillbrook", awards_email: "awards@example.org" });
    const [entry] = await getDb().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry.action).toBe("contact.updated");
  });
});

describe("simple markup", () => {
  it("turns headings, list items and paragraphs into blocks and keeps HTML as text", () => {
    expect(markupBlocks("## Who we are\n\nWe <b>help</b>\nlocally.\n- one\n- two\n### Small")).toEqual([
      { kind: "h2", text: "Who we are" },
      { kind: "p", text: "We <b>help</b> locally." },
      { kind: "ul", items: ["one", "two"] },
      { kind: "h3", text: "Small" },
    ]);
  });
});

describe("craft fair application deadlines", () => {
  it("refuses a deadline on or after the fair's date in the admin form", () => {
    const result = CraftFairFormSchema.safeParse({
      title: "Spring Fair",
      date: "2027-04-10",
      time: "10:00",
      description: "Makers from across Millbrook.",
      location: "Town Hall",
      stalls_available: "20",
      application_deadline: "2027-04-10",
      attendance: "",
      stallholders: "",
      is_active: "on",
      is_past: "",
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ["application_deadline"], message: "Application deadline must be before the event date" });
  });

  it("refuses an application for a fair whose deadline has passed, and stores nothing", async () => {
    const title = `Late Fair ${Date.now()}`;
    await getDb().insert(craftFairs).values({
      title,
      date: day(20),
      time: "10:00",
      description: "A fair whose applications have closed.",
      location: "Town Hall",
      stalls_available: 10,
      application_deadline: day(-1),
      is_active: true,
      is_past: false,
    });
    const result = await craftFairsAction(post("/craft-fairs?tab=apply", { fullName: "Ann", email: "ann@example.org", fairs: [title] }));
    expect(statusOf(result)).toBe(400);
    expect(readReply(dataOf(result).reply as PublicReply).errors.fairs).toMatch(new RegExp(`^Applications for "${title}" closed on `));
    expect(await getDb().select().from(formSubmissions).where(eq(formSubmissions.email, "ann@example.org"))).toHaveLength(0);
  });
});

describe("the stall application form's fairs", () => {
  it("offers only the fairs open for applications, and the upcoming list a page of six at a time", async () => {
    const stamp = Date.now();
    const fair = (title: string, date: number, deadline: number) => ({
      title: `${title} ${stamp}`,
      date: day(date),
      time: "10:00",
      description: "A fair.",
      location: "Town Hall",
      stalls_available: 10,
      application_deadline: day(deadline),
      is_active: true,
      is_past: false,
    });
    await getDb()
      .insert(craftFairs)
      .values([fair("Open Fair", 40, 20), fair("Closing Today Fair", 30, 0), fair("Closed Fair", 25, -1), ...[1, 2, 3, 4, 5].map((i) => fair(`Later Fair ${i}`, 300 + i, 200))]);
    const load = async (query = "") => {
      const result = await craftFairsLoader({ request: new Request(`http://localhost/craft-fairs${query}`), params: {}, context: new RouterContextProvider() } as never);
      return result as Exclude<typeof result, Response>;
    };
    const first = await load();
    const offered = first.openForApplications.map((f) => f.title);
    expect(offered).toContain(`Open Fair ${stamp}`);
    expect(offered).toContain(`Closing Today Fair ${stamp}`);
    expect(offered).not.toContain(`Closed Fair ${stamp}`);
    // Each choice carries only what the form shows.
    expect(Object.keys(first.openForApplications[0]!).sort()).toEqual(["application_deadline", "date", "id", "title"]);

    // The upcoming list: the closed fair too, six a page, soonest first.
    const all = (await listUpcomingCraftFairs()).items.map((f) => f.title);
    expect(all).toContain(`Closed Fair ${stamp}`);
    expect(first.upcoming.map((f) => f.title)).toEqual(all.slice(0, 6));
    expect(first.pages).toBe(Math.ceil(all.length / 6));
    const second = await load("?tab=upcoming&page=2");
    expect(second.page).toBe(2);
    expect(second.upcoming.map((f) => f.title)).toEqual(all.slice(6, 12));
    // A page past the end shows the last.
    expect((await load("?page=999")).page).toBe(first.pages);
  });
});

describe("sample content is a starting point only", () => {
  it("hiding every event and craft fair shows the empty state, never the sample items again", async () => {
    expect((await listUpcomingEvents()).items.length).toBeGreaterThan(0);
    for (const row of await getDb().select().from(events).where(eq(events.is_active, true))) await toggleEventActive(row.id, actor);
    for (const row of await getDb().select().from(craftFairs).where(eq(craftFairs.is_active, true))) await toggleCraftFairActive(row.id, actor);
    expect(await listUpcomingEvents()).toEqual({ items: [], sample: false });
    expect(await listUpcomingCraftFairs()).toEqual({ items: [], sample: false });
    expect(await getPublicEvent(1)).toBeNull();
  });
});
