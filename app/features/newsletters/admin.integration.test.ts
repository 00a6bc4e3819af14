/**
 * The newsletter screens through the route table's layouts: an editor without the
 * supporters permission is refused (403) everywhere and learns nothing; one with it
 * writes a newsletter (the body sanitised), sees the audience count, sends a test to
 * themselves, sends to a segment and reads the counts; the recipient's timeline shows
 * it; a sent newsletter goes in the public archive.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { donations } from "../giving/table.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { routeArgs, staffSession } from "../../../tests/helpers/submissions.ts";
import { throughLayouts } from "../../../tests/helpers/route-table.ts";
import { withMailServer } from "../../../tests/helpers/mail-server.ts";
import { linkSupporter, recordConsent } from "../supporters/index.ts";
import { supporterTimeline } from "../supporters/admin.server.ts";
import { loader as listLoader } from "./admin/newsletters.tsx";
import { action as formAction, loader as formLoader } from "./admin/newsletter-form.tsx";
import { action as pageAction, loader as pageLoader } from "./admin/newsletter.tsx";
import { loader as previewLoader } from "./admin/newsletter-preview.ts";
import { loader as archiveLoader } from "./public/archive.tsx";
import { getNewsletter, publishedNewsletter } from "./newsletters.server.ts";
import { runNewsletterSend } from "./sending.server.ts";
import { newsletterRecipients, newsletters } from "./table.ts";
import { AUDIENCE_MISSING, NOBODY_TO_SEND_TO, SEND_AT_NOT_FUTURE } from "./newsletters.schema.ts";

setupTestDatabase();
const smtp = withMailServer({ PUBLIC_URL: "http://localhost:5998", NEWSLETTER_RATE_PER_MINUTE: "60000" });

type Args = Parameters<typeof pageLoader>[0];
const through = (file: string, fn: unknown, args: Args) => throughLayouts(`features/newsletters/admin/${file}`, fn as never, args as never);
const thrown = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
};
const statusOf = (e: unknown) => (e instanceof Response ? e.status : (e as { init?: ResponseInit }).init?.status);
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

async function subscriber(email: string) {
  const id = (await getDb().transaction((tx) => linkSupporter(tx, { email, name: "" })))!;
  await getDb().transaction((tx) => recordConsent(tx, { supporterId: id, given: true, source: "test", wording: "Email me news" }));
  return id;
}

describe("who may write and send newsletters", () => {
  it("refuses an editor without the supporters permission (403) on every screen and action, changing nothing", async () => {
    const [secret] = await getDb().insert(newsletters).values({ subject: "Secret plans", body: "<p>x</p>" }).returning();
    const id = String(secret.id);
    const editor = await staffSession("editor");
    for (const attempt of [
      () => through("newsletters.tsx", listLoader, routeArgs("/admin/newsletters", {}, { token: editor.token })),
      () => through("newsletter.tsx", pageLoader, routeArgs(`/admin/newsletters/${id}`, { id }, { token: editor.token })),
      () => through("newsletter-preview.ts", previewLoader, routeArgs(`/admin/newsletters/${id}/preview`, { id }, { token: editor.token })),
      () => through("newsletter-form.tsx", formLoader, routeArgs("/admin/newsletters/new", {}, { token: editor.token })),
      () => through("newsletter-form.tsx", formAction, routeArgs("/admin/newsletters/new", {}, { token: editor.token, method: "POST", body: form({ subject: "Sneaky", body: "<p>hi</p>" }) })),
      () => through("newsletter.tsx", pageAction, routeArgs(`/admin/newsletters/${id}`, { id }, { token: editor.token, method: "POST", body: form({ intent: "send", audience: "all" }) })),
    ]) {
      const refusal = await thrown(attempt());
      expect(statusOf(refusal)).toBe(403);
      const text = refusal instanceof Response ? await refusal.clone().text() : JSON.stringify((refusal as { data?: unknown }).data ?? "");
      expect(text).not.toContain("Secret plans");
    }
    expect((await getNewsletter(secret.id))?.status).toBe("draft");
    expect(await getDb().select().from(newsletters).where(eq(newsletters.subject, "Sneaky"))).toEqual([]);
  });
});

describe("writing and sending through the screens", () => {
  it("saves a sanitised draft, counts a segment, sends a test, sends to the segment and shows the counts", async () => {
    const staff = await staffSession("editor", { permissions: ["supporters"] });
    const giver = await subscriber("giver@screens.test");
    await subscriber("not.a.giver@screens.test");
    await getDb().insert(donations).values({ reference: "SCR-1", amount_pence: 1000, mode: "one-off", email: "giver@screens.test", supporter_id: giver, paid_at: new Date() });

    // A refused form changes nothing and says why, in Conform's reply, with the fields as typed.
    const before = (await getDb().select().from(newsletters)).length;
    const refused = (await through("newsletter-form.tsx", formAction, routeArgs("/admin/newsletters/new", {}, { token: staff.token, method: "POST", body: form({ subject: "Hi", preview_text: "Kept as typed", body: "<p> </p>" }) }))) as unknown as { init?: ResponseInit; data: unknown };
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({
      status: "error",
      error: { subject: ["Write a subject of at least 3 characters"], body: ["Write the newsletter"] },
      initialValue: { subject: "Hi", preview_text: "Kept as typed", body: "<p> </p>" },
    });
    expect(await getDb().select().from(newsletters)).toHaveLength(before);

    const saved = (await through("newsletter-form.tsx", formAction, routeArgs("/admin/newsletters/new", {}, {
      token: staff.token,
      method: "POST",
      body: form({ subject: "Thank you for giving", preview_text: "What your gift did", body: '<p onclick="x()">Your gift <script>alert(1)</script>bought goals.</p>' }),
    }))) as Response;
    expect(saved.status).toBe(302);
    const id = /\/admin\/newsletters\/(\d+)$/.exec(saved.headers.get("Location") ?? "")![1];
    const stored = await getNewsletter(Number(id));
    expect(stored?.body).toBe("<p>Your gift bought goals.</p>");

    // The count before sending, for the segment chosen.
    const view = (await through("newsletter.tsx", pageLoader, routeArgs(`/admin/newsletters/${id}?audience=given-12m`, { id }, { token: staff.token }))) as Awaited<ReturnType<typeof pageLoader>>;
    expect(view.count).toBe(1);
    expect(view.audience.label).toBe("Subscribers who gave in the last 12 months");
    expect(view.preview).toContain("Your gift bought goals.");
    const everyone = (await through("newsletter.tsx", pageLoader, routeArgs(`/admin/newsletters/${id}?audience=all`, { id }, { token: staff.token }))) as Awaited<ReturnType<typeof pageLoader>>;
    expect(everyone.count).toBeGreaterThanOrEqual(2);

    // A test to the staff member, marked as such.
    const test = (await through("newsletter.tsx", pageAction, routeArgs(`/admin/newsletters/${id}`, { id }, { token: staff.token, method: "POST", body: form({ intent: "test" }) }))) as Response;
    expect(test.status).toBe(302);
    expect(smtp.mails.filter((m) => m.subject === "[Test] Thank you for giving").flatMap((m) => m.to)).toEqual([staff.email]);

    // Send now to the segment: the job queue is not running here, so the run is started by hand.
    const sent = (await through("newsletter.tsx", pageAction, routeArgs(`/admin/newsletters/${id}`, { id }, { token: staff.token, method: "POST", body: form({ intent: "send", audience: "given-12m", when: "now" }) }))) as Response;
    expect(sent.status).toBe(302);
    await runNewsletterSend(Number(id), () => false);
    expect(smtp.mails.filter((m) => m.subject === "Thank you for giving").flatMap((m) => m.to)).toEqual(["giver@screens.test"]);
    const after = (await through("newsletter.tsx", pageLoader, routeArgs(`/admin/newsletters/${id}`, { id }, { token: staff.token }))) as Awaited<ReturnType<typeof pageLoader>>;
    expect(after.status).toBe("sent");
    expect(after.counts).toMatchObject({ sent: 1, failed: 0, refused: 0, unsubscribed: 0 });
    expect((await supporterTimeline(giver, 1)).entries.map((e) => e.title)).toContain("Newsletter: Thank you for giving");

    // Sending again is refused; changing it too.
    const again = (await through("newsletter.tsx", pageAction, routeArgs(`/admin/newsletters/${id}`, { id }, { token: staff.token, method: "POST", body: form({ intent: "send", audience: "all", when: "now" }) }))) as Response;
    expect(again.status).toBe(302);
    expect(smtp.mails.filter((m) => m.subject === "Thank you for giving")).toHaveLength(1);

    // The public archive: only once published.
    expect((await archiveLoader(routeArgs("/newsletters", {}))).issues).toEqual([]);
    await through("newsletter.tsx", pageAction, routeArgs(`/admin/newsletters/${id}`, { id }, { token: staff.token, method: "POST", body: form({ intent: "publish" }) }));
    const archive = await archiveLoader(routeArgs("/newsletters", {}));
    expect(archive.issues.map((i) => i.subject)).toEqual(["Thank you for giving"]);
    expect((await publishedNewsletter(archive.issues[0].slug))?.body).toBe("<p>Your gift bought goals.</p>");
  });

  it("schedules for a future time only, and the sweep starts it when due", async () => {
    const staff = await staffSession("editor", { permissions: ["supporters"] });
    await subscriber("later@screens.test");
    const [row] = await getDb().insert(newsletters).values({ subject: "Later news", body: "<p>Later</p>" }).returning();
    const id = String(row.id);
    const past = (await through("newsletter.tsx", pageAction, routeArgs(`/admin/newsletters/${id}`, { id }, { token: staff.token, method: "POST", body: form({ intent: "send", audience: "all", when: "later", send_at: "2020-01-01T10:00" }) }))) as { init?: ResponseInit };
    expect(past.init?.status).toBe(400);
    expect((await getNewsletter(row.id))?.status).toBe("draft");
    const ok = (await through("newsletter.tsx", pageAction, routeArgs(`/admin/newsletters/${id}`, { id }, { token: staff.token, method: "POST", body: form({ intent: "send", audience: "all", when: "later", send_at: "2099-06-01T09:30" }) }))) as Response;
    expect(ok.status).toBe(302);
    const scheduled = await getNewsletter(row.id);
    expect(scheduled?.status).toBe("scheduled");
    expect(scheduled?.send_at?.toISOString()).toBe("2099-06-01T08:30:00.000Z");
    const { sweepNewsletters } = await import("./newsletters.server.ts");
    await sweepNewsletters(new Date("2099-06-01T08:29:00Z"));
    expect((await getNewsletter(row.id))?.status).toBe("scheduled");
    await sweepNewsletters(new Date("2099-06-01T08:31:00Z"));
    expect((await getNewsletter(row.id))?.status).toBe("sending");
  });
});

describe("a refused send sends nothing", () => {
  it("answers the send form's own message, keeps the time chosen, and leaves the draft unsent with no recipients", async () => {
    const staff = await staffSession("editor", { permissions: ["supporters"] });
    await subscriber("refusals@screens.test");
    const [row] = await getDb().insert(newsletters).values({ subject: "Not yet", body: "<p>Not yet</p>" }).returning();
    const id = String(row.id);
    const post = async (fields: Record<string, string>) =>
      (await through("newsletter.tsx", pageAction, routeArgs(`/admin/newsletters/${id}`, { id }, { token: staff.token, method: "POST", body: form({ intent: "send", ...fields }) }))) as unknown as {
        init?: ResponseInit;
        data: unknown;
      };
    for (const [fields, message] of [
      [{ audience: "booked-event", when: "now" }, AUDIENCE_MISSING],
      [{ audience: "nobody-at-all", when: "now" }, AUDIENCE_MISSING],
      [{ audience: "all", when: "later", send_at: "2020-01-01T10:00" }, SEND_AT_NOT_FUTURE],
      [{ audience: "all", when: "later", send_at: "not a time" }, SEND_AT_NOT_FUTURE],
      [{ audience: "booked-event", event: "987654", when: "now" }, NOBODY_TO_SEND_TO],
    ] as const) {
      const refused = await post(fields);
      expect(refused.init?.status, message).toBe(400);
      expect(refused.data).toMatchObject({ intent: "send", reply: { status: "error", error: { "": [message] }, initialValue: fields } });
    }
    const after = await getNewsletter(row.id);
    expect(after).toMatchObject({ status: "draft", send_at: null });
    expect(await getDb().select().from(newsletterRecipients).where(eq(newsletterRecipients.newsletter_id, row.id))).toEqual([]);
    expect(smtp.mails.filter((m) => m.subject === "Not yet")).toEqual([]);
  });
});
