import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { action as visit } from "./visit.ts";
import { action as objection } from "./visitor-counting.tsx";
import { forgetSalt } from "./counting.server.ts";
import { periodFrom } from "./period.ts";
import { websiteReport } from "./reports.server.ts";
import { prunePageViews, rollupVisits } from "./rollup.server.ts";
import { pageViews, visitDaily } from "./table.ts";
import { ukDate } from "../../lib/uk-time.ts";

setupTestDatabase();

beforeEach(async () => {
  await getDb().execute(sql`delete from page_views; delete from visit_daily`);
});

const ADDRESS = "203.0.113.77";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Millbrook-Testing";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

function beacon(body: unknown, headers: Record<string, string> = {}, address = ADDRESS) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: address, secure: false });
  const request = new Request("http://localhost/visit", {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME, origin: "http://localhost", ...headers },
    body: JSON.stringify(body),
  });
  return visit({ request, context, params: {} } as never) as Promise<Response>;
}

const count = async () => (await getDb().select({ n: sql<number>`count(*)::int` }).from(pageViews))[0].n;

describe("counting page views without cookies", () => {
  it("counts a view with nothing set in the browser, and the same visitor twice in a day once", async () => {
    const first = await beacon({ p: "/events?utm_source=Newsletter&utm_campaign=Winter-Appeal", r: "https://www.google.com/search?q=millbrook" });
    expect(first.status).toBe(204);
    expect(first.headers.get("set-cookie")).toBeNull();
    await beacon({ p: "/support", r: "" });
    await beacon({ p: "/support", r: "http://localhost/events" }, { "user-agent": IPHONE }, "198.51.100.9");
    expect(await count()).toBe(3);
    const rows = await getDb().select().from(pageViews).orderBy(pageViews.id);
    expect(rows.map((r) => [r.path, r.referrer_host, r.utm_source, r.utm_campaign, r.device])).toEqual([
      ["/events", "google.com", "newsletter", "winter-appeal", "desktop"],
      ["/support", null, null, null, "desktop"],
      ["/support", null, null, null, "phone"],
    ]);
    expect(rows[0].visitor).toBe(rows[1].visitor);
    expect(rows[2].visitor).not.toBe(rows[0].visitor);

    const today = ukDate();
    const report = await websiteReport(periodFrom(new URLSearchParams({ from: today, to: today }), today, 4));
    expect(report.figures.find((f) => f.label === "Page views")?.value).toBe(3);
    expect(report.figures.find((f) => f.label === "Visitors (daily, added up)")?.value).toBe(2);
    const pages = report.charts.find((c) => c.id === "top-pages")!;
    expect(pages.categories).toEqual(["/support", "/events"]);
    expect(pages.series.map((s) => s.values)).toEqual([[2, 1], [2, 1]]);
    expect(report.charts.find((c) => c.id === "campaigns")!.categories).toEqual(["winter-appeal"]);

    // The raw address and user agent are stored nowhere: every text column of every table is searched.
    const columns = await getDb().execute<{ table_name: string; column_name: string }>(sql`
      select c.table_name, c.column_name from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.data_type in ('text', 'character varying', 'jsonb')`);
    expect(columns.rows.length).toBeGreaterThan(50);
    for (const { table_name, column_name } of columns.rows) {
      const found = await getDb().execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text like ${"%" + ADDRESS + "%"} or ${sql.identifier(column_name)}::text like '%Millbrook-Testing%' or ${sql.identifier(column_name)}::text like '%198.51.100.9%'`,
      );
      expect(found.rows[0].n, `${table_name}.${column_name}`).toBe(0);
    }
  });

  it("counts a visitor again once the day's salt is gone, which is what makes yesterday's hashes unlinkable", async () => {
    await beacon({ p: "/", r: "" });
    forgetSalt();
    await beacon({ p: "/", r: "" });
    const rows = await getDb().select().from(pageViews);
    expect(new Set(rows.map((r) => r.visitor)).size).toBe(2);
  });

  it("leaves out bots, Global Privacy Control, Do Not Track, a visitor who objected, and admin or made-up paths", async () => {
    await beacon({ p: "/", r: "" }, { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    await beacon({ p: "/", r: "" }, { "user-agent": "" });
    await beacon({ p: "/", r: "" }, { "sec-gpc": "1" });
    await beacon({ p: "/", r: "" }, { dnt: "1" });
    await beacon({ p: "/admin/donations", r: "" });
    await beacon({ p: "//evil.example/", r: "" });
    await beacon({ p: 42, r: "" });

    // The objection switch: a cookie at the visitor's request, then nothing is counted from that browser.
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { ip: ADDRESS, secure: true });
    const form = new FormData();
    form.set("choice", "object");
    const answer = (await objection({ request: new Request("http://localhost/privacy/visitor-counting", { method: "POST", body: form }), context, params: {} } as never)) as {
      init?: ResponseInit;
    };
    const cookie = new Headers(answer.init?.headers).get("set-cookie") ?? "";
    expect(cookie).toMatch(/^mcf_no_count=1; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure$/);
    await beacon({ p: "/", r: "" }, { cookie: "other=1; mcf_no_count=1" });
    expect(await count()).toBe(0);
    await beacon({ p: "/", r: "" }, { cookie: "other=1" });
    expect(await count()).toBe(1);
  });
});

describe("the objection switch's refusal", () => {
  it("answers a post with no choice with Conform's reply (the form's own message), sets no cookie and still counts", async () => {
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { ip: ADDRESS, secure: true });
    const form = new FormData();
    form.set("choice", "maybe");
    const answer = (await objection({ request: new Request("http://localhost/privacy/visitor-counting", { method: "POST", body: form }), context, params: {} } as never)) as {
      data: unknown;
      init?: ResponseInit;
    };
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({ status: "error", initialValue: {}, error: { "": ["Choose whether this browser should be counted."] } });
    expect(new Headers(answer.init?.headers).get("set-cookie")).toBeNull();
    await beacon({ p: "/", r: "" });
    expect(await count()).toBe(1);
  });
});

describe("the visitor figures' jobs", () => {
  it("adds up finished days into daily totals the report reads, and deletes views older than 13 months but keeps their totals", async () => {
    const view = (day: string, visitor: string, path = "/") => ({ day, at: new Date(`${day}T12:00:00Z`), path, device: "desktop" as const, visitor });
    await getDb().insert(pageViews).values([view("2025-01-10", "a"), view("2025-01-10", "a", "/events"), view("2025-01-10", "b"), view("2026-11-20", "c")]);
    const now = new Date("2026-11-27T12:00:00Z");
    await rollupVisits(now);
    await rollupVisits(now);
    const totals = await getDb().select().from(visitDaily).where(sql`dimension = 'total'`).orderBy(visitDaily.day);
    expect(totals.map((t) => [t.day, t.views, t.visitors])).toEqual([
      ["2025-01-10", 3, 2],
      ["2026-11-20", 1, 1],
    ]);
    // A day older than those added up (sample views, a restored backup) is added up too.
    await getDb().insert(pageViews).values([view("2026-06-01", "d")]);
    expect(await rollupVisits(now)).toBe(1);
    expect((await getDb().select().from(visitDaily).where(sql`dimension = 'total' and day = '2026-06-01'`)).map((t) => t.views)).toEqual([1]);
    expect(await prunePageViews(now)).toBe(3);
    expect(await count()).toBe(2);
    const report = await websiteReport(periodFrom(new URLSearchParams({ from: "2025-01-01", to: "2025-01-31" }), "2026-11-27", 4));
    expect(report.figures.find((f) => f.label === "Page views")?.value).toBe(3);
    expect(report.charts.find((c) => c.id === "top-pages")!.categories).toEqual(["/", "/events"]);
  });
});
