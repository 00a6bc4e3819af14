import { describe, expect, it } from "vitest";
import { taxYearDays, taxYearLabel, taxYearOf } from "./tax-year.ts";

describe("UK tax years", () => {
  it("turn on 6 April, London time", () => {
    expect(taxYearOf(new Date("2026-04-05T22:59:59Z"))).toBe(2025); // 23:59:59 BST on 5 April
    expect(taxYearOf(new Date("2026-04-05T23:00:00Z"))).toBe(2026); // midnight BST, 6 April
    expect(taxYearOf(new Date("2026-01-10T12:00:00Z"))).toBe(2025);
    expect(taxYearOf(new Date("2025-12-31T23:30:00Z"))).toBe(2025);
  });
  it("are named and bounded as HMRC does", () => {
    expect(taxYearLabel(2025)).toBe("2025 to 2026");
    expect(taxYearDays(2025)).toEqual({ from: "2025-04-06", to: "2026-04-05" });
  });
});
