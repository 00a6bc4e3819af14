import { eq } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { events } from "../events/table.ts";
import { donations, giftAidClaims, giftAidDeclarations, monthlyGifts } from "../giving/table.ts";
import { bookings } from "../bookings/table.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { routeArgs, staffSession } from "../../../tests/helpers/submissions.ts";
import { throughLayouts } from "../../../tests/helpers/route-table.ts";
import { chartRows } from "./chart.ts";
import { loader as moneyLoader, action as moneyAction } from "./admin/reports.tsx";
import { loader as eventsLoader } from "./admin/events-report.tsx";
import { loader as supportersLoader } from "./admin/supporters-report.tsx";
import { loader as exportLoader } from "./admin/report-export.ts";
import { loader as pdfLoader } from "./admin/trustees-summary.ts";
import { financialYearStart, supportersReport } from "./reports.server.ts";
import { periodFrom } from "./period.ts";
import { consentEvents, supporters } from "../supporters/table.ts";
import { offlineGifts, smallDonationClaims } from "../offline-gifts/table.ts";

setupTestDatabase();

type Args = Parameters<typeof moneyLoader>[0];
const money = (args: Args) => throughLayouts("features/insights/admin/reports.tsx", moneyLoader, args);
const eventsPage = (args: Args) => throughLayouts("features/insights/admin/events-report.tsx", eventsLoader, args as never);
const supportersPage = (args: Args) => throughLayouts("features/insights/admin/supporters-report.tsx", supportersLoader, args as never);
const csv = (args: Args) => throughLayouts("features/insights/admin/report-export.ts", exportLoader, args as never);
const pdf = (args: Args) => throughLayouts("features/insights/admin/trustees-summary.ts", pdfLoader, args as never);
const statusOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error instanceof Response ? error.status : (error as { init?: ResponseInit }).init?.status;
  }
  return 200;
};

let n = 0;
async function gift(values: { pence: number; at: string; mode?: "one-off" | "monthly"; cause?: string; refundedAt?: string; declaration?: string; claim?: number; monthly?: string }) {
  n += 1;
  await getDb()
    .insert(donations)
    .values({
      reference: `MCF-TEST-${n}`,
      amount_pence: values.pence,
      mode: values.mode ?? "one-off",
      status: values.refundedAt ? "refunded" : "paid",
      refunded_at: values.refundedAt ? new Date(values.refundedAt) : null,
      email: `donor${n}@example.org`,
      cause_title: values.cause ?? null,
      declaration_id: values.declaration ?? null,
      claim_id: values.claim ?? null,
      monthly_gift_id: values.monthly ?? null,
      paid_at: new Date(values.at),
    });
}

/** Known gifts around the financial year that starts on 1 April 2026 (the default start month). */
async function seedGifts() {
  const [declaration] = await getDb()
    .insert(giftAidDeclarations)
    .values({ email: "donor@example.org", title: "Ms", first_name: "Ann", last_name: "Giver", house: "1", postcode: "MB1 1AA", declaration_text: "I want to Gift Aid my donation" })
    .returning();
  const [claim] = await getDb().insert(giftAidClaims).values({ from_date: "2026-02-01", to_date: "2026-02-28", gift_count: 1, total_pence: 2500 }).returning();
  const [monthly] = await getDb()
    .insert(monthlyGifts)
    .values({ reference: "MCF-M-1", stripe_subscription_id: "sub_1", email: "m@example.org", amount_pence: 2000, stop_token: "stop1", started_at: new Date("2026-03-15T10:00:00Z") })
    .returning();
  await gift({ pence: 10_000, at: "2026-02-10T12:00:00Z", cause: "Food bank", declaration: declaration.id, claim: claim.id });
  await gift({ pence: 2_000, at: "2026-03-15T10:00:00Z", mode: "monthly", declaration: declaration.id, monthly: monthly.id });
  // Paid and refunded within the period: nothing in April.
  await gift({ pence: 5_000, at: "2026-04-02T09:00:00Z", cause: "Food bank", refundedAt: "2026-04-20T09:00:00Z" });
  // Paid before the period, refunded within it: goes out in February.
  await gift({ pence: 2_500, at: "2026-01-20T09:00:00Z", refundedAt: "2026-02-03T09:00:00Z" });
  // 23:30 UTC on 31 May is 1 June in Millbrook (BST): after the period.
  await gift({ pence: 3_000, at: "2026-05-31T23:30:00Z" });
  // The year before.
  await gift({ pence: 4_000, at: "2025-03-10T12:00:00Z" });
}

const PERIOD = "from=2026-02-01&to=2026-05-31";

describe("money report", () => {
  it("shows gifts staff recorded by hand as their own stream, and the small-donations top-up as Gift Aid claimed", async () => {
    await gift({ pence: 1_500, at: "2027-06-10T10:00:00Z" });
    await gift({ pence: 4_000, at: "2027-06-11T10:00:00Z", cause: "Food bank" });
    const [cheque] = await getDb().select({ id: donations.id }).from(donations).where(eq(donations.reference, `MCF-TEST-${n}`));
    await getDb().insert(offlineGifts).values({ donation_id: cheque.id, method: "cheque", received_on: "2027-06-11", recorded_by: "treasurer@example.org" });
    await getDb().insert(smallDonationClaims).values({ tax_year: 2027, donations_pence: 8_000, top_up_pence: 2_000, claimed_by: "treasurer@example.org", created_at: new Date("2027-06-12T10:00:00Z") });
    const treasurer = await staffSession("editor", { permissions: ["donations"] });
    const page = await money(routeArgs("/admin/reports?from=2027-06-01&to=2027-06-30", {}, { token: treasurer.token }));
    const figure = (label: string) => page.report.figures.find((f) => f.label === label);
    expect(figure("Money in")?.value).toBe(5_500);
    expect(figure("One-off gifts")?.value).toBe(1_500);
    expect(figure("Offline gifts")?.value).toBe(4_000);
    expect(figure("Gift Aid claimed")?.value).toBe(2_000);
  });

  it("adds up a period crossing the financial year: refunds on their day, Millbrook days, the year before; the page, the table, the CSV and the trustees' PDF agree", async () => {
    await seedGifts();
    const treasurer = await staffSession("editor", { permissions: ["donations"] });
    const page = await money(routeArgs(`/admin/reports?${PERIOD}`, {}, { token: treasurer.token }));
    const figure = (label: string) => page.report.figures.find((f) => f.label === label);
    expect(page.period.months).toEqual(["2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01"]);
    expect(figure("Money in")).toMatchObject({ value: 9_500, previous: 4_000 });
    expect(figure("One-off gifts")).toMatchObject({ value: 7_500 });
    expect(figure("Monthly gifts")).toMatchObject({ value: 2_000 });
    expect(figure("Gift Aid claimed")?.value).toBe(2_500);
    expect(figure("Gift Aid waiting to be claimed")?.value).toBe(500);
    expect(figure("Monthly donors at the end")?.value).toBe(1);

    const chart = page.report.charts.find((c) => c.id === "money-in")!;
    const rows = chartRows(chart);
    expect(rows.header).toEqual(["Month", "One-off gifts (£)", "Monthly gifts (£)", "Year before (all) (£)"]);
    expect(rows.rows.map((r) => [r.category, ...r.values])).toEqual([
      ["Feb 2026", 7_500, 0, 0],
      ["Mar 2026", 0, 2_000, 4_000],
      ["Apr 2026", 0, 0, 0],
      ["May 2026", 0, 0, 0],
    ]);
    const byCause = page.report.charts.find((c) => c.id === "by-cause")!;
    expect(Object.fromEntries(byCause.categories.map((c, i) => [c, byCause.series[0].values[i]]))).toEqual({ "Food bank": 10_000, "Where it is needed most": -500 });

    const response = (await csv(routeArgs(`/admin/reports/export/money-in?${PERIOD}`, { chart: "money-in" }, { token: treasurer.token }))) as Response;
    expect(response.headers.get("content-type")).toContain("text/csv");
    const lines = (await response.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines.slice(1)).toEqual([
      '"Month","One-off gifts (£)","Monthly gifts (£)","Year before (all) (£)"',
      '"Feb 2026",75.00,0.00,0.00',
      '"Mar 2026",0.00,20.00,40.00',
      '"Apr 2026",0.00,0.00,0.00',
      '"May 2026",0.00,0.00,0.00',
    ]);

    // The trustees' summary: one page with the same figures.
    const pdfResponse = (await pdf(routeArgs(`/admin/reports/trustees.pdf?${PERIOD}`, {}, { token: treasurer.token }))) as Response;
    expect(pdfResponse.headers.get("content-type")).toBe("application/pdf");
    const parser = new PDFParse({ data: new Uint8Array(await pdfResponse.arrayBuffer()) });
    const result = await parser.getText();
    await parser.destroy();
    expect(result.total).toBe(1);
    expect(result.text).toContain("Trustees' summary: 1 Feb 2026 to 31 May 2026");
    expect(result.text).toContain("£95.00");
    expect(result.text).toContain("Year before £40.00");
    // Donations only: no supporter or website figures for this treasurer.
    expect(result.text).not.toContain("Newsletter subscribers");

    // The PDF is kept by what it is drawn from: the same figures give the same file, a new
    // gift a new one (never the one drawn before it).
    const again = (await pdf(routeArgs(`/admin/reports/trustees.pdf?${PERIOD}`, {}, { token: treasurer.token }))) as Response;
    const sameBytes = Buffer.from(await again.arrayBuffer());
    const third = (await pdf(routeArgs(`/admin/reports/trustees.pdf?${PERIOD}`, {}, { token: treasurer.token }))) as Response;
    expect(Buffer.from(await third.arrayBuffer()).equals(sameBytes)).toBe(true);
    await gift({ pence: 1_000, at: "2026-05-10T12:00:00Z" });
    const after = (await pdf(routeArgs(`/admin/reports/trustees.pdf?${PERIOD}`, {}, { token: treasurer.token }))) as Response;
    const afterParser = new PDFParse({ data: new Uint8Array(await after.arrayBuffer()) });
    const afterText = (await afterParser.getText()).text;
    await afterParser.destroy();
    expect(afterText).toContain("£105.00");
    expect(afterText).not.toContain("£95.00");
  });

  it("keeps money and supporter figures from editors without the permission, and reads the financial year's start month", async () => {
    const editor = await staffSession("editor");
    expect(await statusOf(money(routeArgs(`/admin/reports?${PERIOD}`, {}, { token: editor.token })))).toBe(403);
    expect(await statusOf(pdf(routeArgs(`/admin/reports/trustees.pdf`, {}, { token: editor.token })))).toBe(403);
    const supporterStaff = await staffSession("editor", { permissions: ["supporters"] });
    expect(await statusOf(money(routeArgs(`/admin/reports`, {}, { token: supporterStaff.token })))).toBe(403);
    expect(await statusOf(supportersPage(routeArgs(`/admin/reports/supporters`, {}, { token: supporterStaff.token })))).toBe(200);
    const treasurer = await staffSession("editor", { permissions: ["donations"] });
    expect(await statusOf(supportersPage(routeArgs(`/admin/reports/supporters`, {}, { token: treasurer.token })))).toBe(403);

    const form = new FormData();
    form.set("start_month", "13");
    const refused = (await throughLayouts("features/insights/admin/reports.tsx", moneyAction, routeArgs("/admin/reports", {}, { token: treasurer.token, method: "POST", body: form }))) as { init?: ResponseInit; data?: { error?: Record<string, string[]> } };
    expect(refused.init?.status).toBe(400);
    expect(refused.data?.error).toEqual({ start_month: ["Choose the month the financial year starts."] });
    expect(await financialYearStart()).toBe(4);
    form.set("start_month", "1");
    await throughLayouts("features/insights/admin/reports.tsx", moneyAction, routeArgs("/admin/reports", {}, { token: treasurer.token, method: "POST", body: form })).catch((r: unknown) => r);
    expect(await financialYearStart()).toBe(1);
    const page = await money(routeArgs(`/admin/reports?period=last-year`, {}, { token: treasurer.token }));
    expect(page.period.from.slice(5)).toBe("01-01");
    expect(page.period.to.slice(5)).toBe("12-31");
  });
});

describe("events report", () => {
  it("counts tickets, income, sell-through and no-shows from confirmed bookings only", async () => {
    const [concert] = await getDb()
      .insert(events)
      .values({ title: "Spring concert", date: "2026-03-20", time: "19:00", description: "x", location: "Hall", category: "Music", tickets_available: 100, booking_mode: "paid", ticket_price_pence: 1_000 })
      .returning();
    const booking = (quantity: number, status: "confirmed" | "refunded", checkedIn: boolean) =>
      getDb()
        .insert(bookings)
        .values({
          reference: `MCF-B-${++n}`,
          event_id: concert.id,
          name: "A",
          email: `b${n}@example.org`,
          quantity,
          amount_pence: quantity * 1_000,
          status,
          cancel_token_hash: `h${n}`,
          checked_in_at: checkedIn ? new Date("2026-03-20T19:05:00Z") : null,
        });
    await booking(4, "confirmed", true);
    await booking(6, "confirmed", false);
    await booking(2, "refunded", false);
    const treasurer = await staffSession("editor", { permissions: ["donations"] });
    const page = await eventsPage(routeArgs(`/admin/reports/events?${PERIOD}`, {}, { token: treasurer.token }));
    const figure = (label: string) => page.report.figures.find((f) => f.label === label)?.value;
    expect(figure("Tickets sold")).toBe(10);
    expect(figure("Ticket income")).toBe(10_000);
    expect(figure("Sell-through")).toBe(10);
    expect(figure("No-shows")).toBe(60);
    const doors = page.report.charts.find((c) => c.id === "no-shows")!;
    expect(chartRows(doors).rows).toEqual([{ category: "Spring concert (20 Mar 2026)", values: [4, 6] }]);
  });
});

describe("supporters report", () => {
  it("counts new supporters by month and newsletter subscribers at each month's end (a withdrawal takes one off)", async () => {
    const [a, b] = await getDb()
      .insert(supporters)
      .values([
        { email: "sub-a@example.org", created_at: new Date("2026-02-10T12:00:00Z") },
        { email: "sub-b@example.org", created_at: new Date("2026-03-10T12:00:00Z") },
      ])
      .returning();
    await getDb()
      .insert(consentEvents)
      .values([
        { supporter_id: a.id, given: true, source: "test", at: new Date("2026-02-10T12:00:00Z") },
        { supporter_id: a.id, given: true, source: "test again", at: new Date("2026-02-20T12:00:00Z") },
        { supporter_id: b.id, given: true, source: "test", at: new Date("2026-03-10T12:00:00Z") },
        { supporter_id: a.id, given: false, source: "unsubscribe", at: new Date("2026-04-05T12:00:00Z") },
      ]);
    const report = await supportersReport(periodFrom(new URLSearchParams(PERIOD), "2026-11-27", 4));
    const values = (id: string) => report.charts.find((c) => c.id === id)!.series[0].values;
    expect(values("new-supporters")).toEqual([1, 1, 0, 0]);
    expect(values("subscribers")).toEqual([1, 2, 1, 1]);
  });
});
