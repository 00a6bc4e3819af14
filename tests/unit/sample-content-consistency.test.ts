/**
 * The sample content a new site starts with agrees with itself: the figures match the
 * lists beside them, one share of the money goes to the fund wherever it is stated, no
 * figure goes stale as the years pass, and the sample events show each booking mode.
 */
import { describe, expect, it } from "vitest";
import { sampleEvents } from "../../app/features/events/sample-events.ts";
import { SAMPLE_FUND_RECIPIENTS } from "../../app/features/fund-recipients/sample.server.ts";
import { FUND_FACTS, HOME_STATS, IMPACT_FIGURES, SUPPORT_FAQ, CORE_VALUES } from "../../app/content/site-copy.ts";
import { PAGE_TEXTS } from "../../app/features/page-texts/page-texts.ts";

const allDefaults = () =>
  Object.values(PAGE_TEXTS).flatMap((page) => page.sections.flatMap((section) => section.fields.map((field) => field.default)));

describe("sample content", () => {
  it("counts the groups funded as many as the fund recipients listed", () => {
    const funded = String(SAMPLE_FUND_RECIPIENTS.length);
    for (const figures of [HOME_STATS, IMPACT_FIGURES]) {
      const figure = figures.find((f) => /funded/.test(f.label));
      expect(figure?.value).toBe(funded);
    }
  });

  it("states one share of the money going to local groups, wherever it says one", () => {
    const texts = [...SUPPORT_FAQ.map((f) => f.a), ...IMPACT_FIGURES.map((f) => `${f.value} ${f.label}`), ...allDefaults()];
    const shares = new Set(texts.flatMap((t) => [...t.matchAll(/(\d+)%/g)].map((m) => `${m[1]}%`)));
    expect([...shares]).toEqual([FUND_FACTS.shareToFund]);
  });

  it("has no figure that counts years (it would be wrong a year later)", () => {
    for (const figure of [...HOME_STATS, ...IMPACT_FIGURES]) expect(figure.label).not.toMatch(/years? of/);
  });

  it("says some events are free, and has a free one, as well as paid tickets and events without online booking", () => {
    expect(CORE_VALUES.map((v) => v.body).join(" ")).toMatch(/some are free/);
    const upcoming = sampleEvents().filter((e) => !e.is_past);
    expect(new Set(upcoming.map((e) => e.booking_mode))).toEqual(new Set(["none", "free", "paid"]));
    // An event without online booking says how to get tickets.
    for (const e of upcoming.filter((e) => e.booking_mode === "none")) expect(e.ticket_info).toBeTruthy();
  });
});
