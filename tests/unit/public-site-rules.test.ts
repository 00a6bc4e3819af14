import { describe, expect, it } from "vitest";
import {
  chosenAmount,
  giftAidDeclarationText,
  giftAidPence,
  parseAmount,
  parseDonation,
} from "../../app/features/giving/donation.schema.ts";
import { formatLongDate, formatTime, paragraphs } from "../../app/components/site/format.ts";
import { isNavActive, MAIN_NAV } from "../../app/components/site/nav.ts";
import { jsonLdString } from "../../app/components/ui/json-ld.tsx";
import { activeTab } from "../../app/components/ui/tabs.tsx";
import { withSampleFallback } from "../../app/content/sample-fallback.server.ts";
import { isoDay } from "../../app/content/sample-content.ts";
import { sampleCraftFairs } from "../../app/features/craft-fairs/sample-craft-fairs.ts";
import { sampleEvents } from "../../app/features/events/sample-events.ts";
import { groupByYear } from "../../app/domain/community/community-lists.server.ts";
import { formatPence, progressPercent } from "../../app/lib/money.ts";

describe("donation rules", () => {
  const causeIds = [1, 2, 3];
  const valid = { frequency: "one-off", amount: "25", customAmount: "", email: "ann@example.org" };

  it("reads pounds and pence exactly, and never alters an amount", () => {
    expect(parseAmount("12.50")).toEqual({ ok: true, pence: 1250 });
    expect(parseAmount("12.5")).toEqual({ ok: true, pence: 1250 });
    expect(parseAmount("£1,000")).toEqual({ ok: true, pence: 100_000 });
    expect(parseAmount(" 7 ")).toEqual({ ok: true, pence: 700 });
    expect(parseAmount("5000")).toEqual({ ok: true, pence: 500_000 });
    expect(parseAmount("12.505")).toEqual({ ok: false, error: "Enter the amount with no more than 2 digits after the point, for example 12.50" });
    expect(parseAmount("0")).toEqual({ ok: false, error: "The smallest donation is £1" });
    expect(parseAmount("0.99")).toEqual({ ok: false, error: "The smallest donation is £1" });
    expect(parseAmount("abc")).toEqual({ ok: false, error: "Enter the amount in pounds and pence, using numbers only, for example 12.50" });
    expect(parseAmount("-5").ok).toBe(false);
    expect(parseAmount("1e3").ok).toBe(false);
    expect(parseAmount("")).toEqual({ ok: false, error: "Enter an amount, for example 12.50" });
    expect(parseAmount("5000.01")).toEqual({ ok: false, error: "The most you can give online at once is £5,000" });
    expect(parseAmount("99999999999999999999")).toEqual({ ok: false, error: "The most you can give online at once is £5,000" });
    expect(parseAmount("60", 5000)).toEqual({ ok: false, error: "The most you can give online at once is £50" });
  });

  it("uses a typed amount over a preset, and only known presets", () => {
    expect(chosenAmount("25", "")).toMatchObject({ ok: true, pence: 2500 });
    expect(chosenAmount("25", "12.50")).toMatchObject({ ok: true, pence: 1250, custom: true });
    expect(chosenAmount("30", "")).toMatchObject({ ok: false, error: "Choose an amount" });
    expect(chosenAmount("custom", "")).toMatchObject({ ok: false, custom: true });
  });

  it("formats pence and adds 25% Gift Aid", () => {
    expect(formatPence(1250)).toBe("£12.50");
    expect(formatPence(2500)).toBe("£25");
    expect(formatPence(500_000)).toBe("£5,000");
    expect(giftAidPence(2500)).toBe(625);
  });

  it("checks the whole form on the server", () => {
    expect(parseDonation({ ...valid, frequency: "monthly", cause: "2" }, { causeIds })).toEqual({
      ok: true,
      value: { frequency: "monthly", amountPence: 2500, causeId: 2, email: "ann@example.org", giftAid: null, paymentMethod: "card", feePence: 0, dedication: null },
    });
    const bad = parseDonation({ frequency: "weekly", amount: "25", customAmount: "abc", cause: "9", email: "nope" }, { causeIds });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(["cause", "customAmount", "email", "frequency"]);
  });

  it("asks for each Gift Aid detail only when the box is ticked", () => {
    expect(parseDonation({ ...valid, title: "" }, { causeIds }).ok).toBe(true);
    const missing = parseDonation({ ...valid, giftAid: "on" }, { causeIds });
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      // The title is optional, as on HMRC's schedule.
      expect(missing.errors).toEqual({
        firstName: "Enter your first name",
        lastName: "Enter your last name",
        house: "Enter your house name or number",
        postcode: "Enter your postcode",
      });
    }
    const wrongPostcode = parseDonation({ ...valid, giftAid: "on", title: "Ms", firstName: "Ann", lastName: "Lee", house: "4", postcode: "12345" }, { causeIds });
    expect(wrongPostcode.ok ? null : wrongPostcode.errors).toEqual({ postcode: "Enter a real UK postcode, for example MB1 2AB" });
    const ok = parseDonation({ ...valid, giftAid: "on", title: "Ms", firstName: "Ann", lastName: "O'Lee", house: "4", postcode: "sw1a1aa" }, { causeIds });
    expect(ok.ok ? ok.value.giftAid : null).toEqual({ title: "Ms", firstName: "Ann", lastName: "O'Lee", house: "4", postcode: "SW1A 1AA" });
    const untitled = parseDonation({ ...valid, giftAid: "on", title: "", firstName: "Ann", lastName: "Lee", house: "4", postcode: "MB1 2AB" }, { causeIds });
    expect(untitled.ok ? untitled.value.giftAid : null).toEqual({ title: "", firstName: "Ann", lastName: "Lee", house: "4", postcode: "MB1 2AB" });
    const badTitle = parseDonation({ ...valid, giftAid: "on", title: "M1", firstName: "Ann", lastName: "Lee", house: "4", postcode: "MB1 2AB" }, { causeIds });
    expect(badTitle.ok ? null : badTitle.errors).toEqual({ title: "Title may contain only letters, for example Mr, Mrs, Ms or Dr" });
  });

  it("words HMRC's enduring declaration, with the statement about paying any difference", () => {
    const text = giftAidDeclarationText("Millbrook Community Foundation");
    expect(text).toContain("any donations I make in the future or have made in the past 4 years");
    expect(text).toContain("it is my responsibility to pay any difference");
  });
});

describe("public page helpers", () => {
  it("caps progress bars at 100%", () => {
    expect(progressPercent(1800, 1500)).toBe(100);
    expect(progressPercent(950, 2500)).toBe(38);
    expect(progressPercent(0, 100)).toBe(0);
    expect(progressPercent(10, 0)).toBe(0);
  });

  it("splits long descriptions into paragraphs as text", () => {
    expect(paragraphs("One.\n\nTwo <b>bold</b>.\r\n\r\nThree.")).toEqual(["One.", "Two <b>bold</b>.", "Three."]);
    expect(paragraphs(null)).toEqual([]);
  });

  it("formats dates and times the British way", () => {
    expect(formatLongDate("2027-03-13")).toBe("Saturday 13 March 2027");
    expect(formatTime("19:00")).toBe("7pm");
    expect(formatTime("19:30")).toBe("7:30pm");
    expect(formatTime("00:15")).toBe("12:15am");
  });

  it("marks the active link by path prefix, Home only at the root", () => {
    expect(MAIN_NAV.map((l) => l.label)).toContain("News");
    expect(MAIN_NAV).toHaveLength(9);
    expect(isNavActive("/", "/")).toBe(true);
    expect(isNavActive("/", "/events")).toBe(false);
    expect(isNavActive("/events", "/events/1")).toBe(true);
    expect(isNavActive("/events", "/eventsx")).toBe(false);
  });

  it("reads the tab from the URL, falling back to the first", () => {
    const tabs = ["upcoming", "past", "apply"] as const;
    expect(activeTab("http://x/craft-fairs?tab=apply", tabs)).toBe("apply");
    expect(activeTab("http://x/craft-fairs?tab=bogus", tabs)).toBe("upcoming");
    expect(activeTab("http://x/craft-fairs", tabs)).toBe("upcoming");
  });

  it("serialises JSON-LD so that no value can close the script element", () => {
    const out = jsonLdString({ name: "</script><script>alert(1)</script>" });
    expect(out).not.toContain("<");
    expect(JSON.parse(out)).toEqual({ name: "</script><script>alert(1)</script>" });
  });

  it("groups rows by year, newest first", () => {
    const groups = groupByYear([{ year: 2024, n: 1 }, { year: 2025, n: 2 }, { year: 2024, n: 3 }]);
    expect(groups.map((g) => g.year)).toEqual([2025, 2024]);
    expect(groups[1]?.items.map((i) => i.n)).toEqual([1, 3]);
  });
});

describe("sample fallback", () => {
  const sample = () => ["sample"];
  it("uses the database's rows when there are some", async () => {
    expect(await withSampleFallback("t", async () => ["row"], sample)).toEqual({ items: ["row"], sample: false });
  });
  it("shows an empty section as empty: sample content is for a fresh install only", async () => {
    expect(await withSampleFallback("t", async () => [], sample)).toEqual({ items: [], sample: false });
  });
  it("shows samples when the read fails", async () => {
    const failing = async (): Promise<string[]> => {
      throw new Error("database down");
    };
    expect(await withSampleFallback("t", failing, sample)).toEqual({ items: ["sample"], sample: true });
  });
});

describe("sample dates", () => {
  it("follow the day they are written: upcoming samples ahead of it, past ones behind, deadlines before their fair", () => {
    for (const installed of [new Date("2026-11-26T09:00:00Z"), new Date("2031-06-01T23:30:00Z")]) {
      const today = isoDay(installed, 0);
      const events = sampleEvents(installed);
      expect(events.filter((e) => !e.is_past).every((e) => e.date > today)).toBe(true);
      expect(events.filter((e) => e.is_past).every((e) => e.date < today)).toBe(true);
      const fairs = sampleCraftFairs(installed);
      const christmas = fairs.find((f) => f.title === "Christmas Craft Fair")!;
      expect(christmas.date).toBe(isoDay(installed, 21));
      expect(fairs.filter((f) => !f.is_past).every((f) => f.application_deadline > today && f.application_deadline < f.date)).toBe(true);
      expect(fairs.filter((f) => f.is_past).every((f) => f.date < today)).toBe(true);
    }
    expect(isoDay(new Date("2026-11-26T09:00:00Z"), 21)).toBe("2026-12-17");
  });
});
