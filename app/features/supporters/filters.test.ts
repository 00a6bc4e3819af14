import { describe, expect, it } from "vitest";
import { consentTicked, normaliseEmail } from "./consent.ts";
import { parseSupporterFilters, supporterFiltersQuery } from "./filters.ts";

describe("the Supporters list's filters", () => {
  it("reads known values and drops anything else, so a hand-made address cannot ask for more", () => {
    const f = parseSupporterFilters(new URLSearchParams("given=always&subscribed=maybe&monthly=1&page=-3&tag=%20Trustee%20&q=%20ann%20"));
    expect(f).toEqual({ q: "ann", given: "", monthly: false, giftAid: false, booked: false, volunteers: false, subscribed: "", tag: "trustee", page: 1 });
    expect(parseSupporterFilters(new URLSearchParams("page=1.5")).page).toBe(1);
    expect(parseSupporterFilters(new URLSearchParams("page=7")).page).toBe(7);
  });

  it("writes back only the filters set, so the links and the export ask for the same list", () => {
    const f = parseSupporterFilters(new URLSearchParams("given=12m&subscribed=yes&booked=yes&q=mb1&page=3"));
    expect(supporterFiltersQuery(f)).toBe("q=mb1&given=12m&booked=yes&subscribed=yes&page=3");
    expect(supporterFiltersQuery({ ...f, page: 1 })).toBe("q=mb1&given=12m&booked=yes&subscribed=yes");
    expect(supporterFiltersQuery(parseSupporterFilters(new URLSearchParams("")))).toBe("");
  });
});

describe("consent and addresses", () => {
  it("counts only a ticked box as consent", () => {
    expect(consentTicked("on")).toBe(true);
    for (const value of [null, undefined, "", "off", "no", "ON "]) expect(consentTicked(value)).toBe(false);
  });

  it("normalises an address to one supporter: case and surrounding spaces", () => {
    expect(normaliseEmail("  Maria.Lopez@Example.ORG ")).toBe("maria.lopez@example.org");
  });
});
