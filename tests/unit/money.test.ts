import { describe, expect, it } from "vitest";
import { formatPence, penceAsPounds, penceAsPoundsNumber, progressPercent, readAmount, readPence } from "../../app/lib/money.ts";

describe("money", () => {
  it("formats pence in each style, without floating-point slips", () => {
    expect(formatPence(125_050)).toBe("£1,250.50");
    expect(formatPence(500_000)).toBe("£5,000");
    // Thousands grouped as toLocaleString("en-GB") writes them, at every length.
    for (const pounds of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, 90_071_992_547_409]) {
      expect(formatPence(pounds * 100, "whole")).toBe(`£${pounds.toLocaleString("en-GB")}`);
      expect(formatPence(-pounds * 100 - 1, "exact")).toBe(`-£${pounds.toLocaleString("en-GB")}.01`);
    }
    expect(formatPence(1000, "exact")).toBe("£10.00");
    expect(formatPence(-305, "exact")).toBe("-£3.05");
    expect(formatPence(215_049, "whole")).toBe("£2,150");
    expect(formatPence(215_050, "whole")).toBe("£2,151");
    expect(formatPence(95_000, "short")).toBe("£950");
    expect(formatPence(1_200_000, "short")).toBe("£12k");
    expect(formatPence(150_000, "short")).toBe("£1.5k");
    expect(formatPence(649_999, "at-least")).toBe("£6.4k+");
    expect(formatPence(99_999, "at-least")).toBe("£999");
    // 0.1 + 0.2 in pounds is 0.30000000000000004; in pence it is 30.
    expect(formatPence(10 + 20, "exact")).toBe("£0.30");
    expect(() => formatPence(12.5)).toThrow(/whole number of pence/);
  });

  it("writes pence as plain pounds for a form field or a spreadsheet, and reads them back", () => {
    for (const pence of [0, 1, 30, 125_050, 1_000_000_000]) {
      const read = readPence(penceAsPounds(pence));
      expect(read).toEqual({ ok: true, pence });
    }
    expect(penceAsPounds(125_050)).toBe("1250.50");
  });

  it("gives a spreadsheet's numeric cell the number its digits say", () => {
    expect(penceAsPoundsNumber(125_050)).toBe(1250.5);
    expect(penceAsPoundsNumber(1005)).toBe(10.05);
    expect(penceAsPoundsNumber(-305)).toBe(-3.05);
    for (let pence = 0; pence < 100_000; pence += 7) expect(String(penceAsPoundsNumber(pence)), String(pence)).toBe(String(Number(penceAsPounds(pence))));
    expect(() => penceAsPoundsNumber(10.5)).toThrow(TypeError);
  });

  it("reads what people type, and refuses what it would have to guess", () => {
    expect(readPence("£1,250.50")).toEqual({ ok: true, pence: 125_050 });
    expect(readPence(" 1250.5 ")).toEqual({ ok: true, pence: 125_050 });
    expect(readPence(".50")).toEqual({ ok: true, pence: 50 });
    expect(readPence("0.29")).toEqual({ ok: true, pence: 29 });
    expect(readPence("")).toEqual({ ok: false, problem: "empty" });
    expect(readPence("12,50")).toEqual({ ok: false, problem: "format" });
    expect(readPence("-5")).toEqual({ ok: false, problem: "format" });
    expect(readPence("12.505")).toEqual({ ok: false, problem: "decimals" });
    expect(readPence("1234567890")).toEqual({ ok: false, problem: "too-large" });
    expect(readAmount("0.99", { label: "Goal", minPence: 100, maxPence: 10_000 })).toEqual({ ok: false, error: "Goal must be between £1 and £100" });
    expect(readAmount("", { label: "Goal", minPence: 100, maxPence: 10_000 })).toEqual({ ok: false, error: "Goal is required" });
  });

  it("a progress bar's percentage is whole and capped", () => {
    expect(progressPercent(95_000, 250_000)).toBe(38);
    expect(progressPercent(180_000, 150_000)).toBe(100);
    expect(progressPercent(1, 0)).toBe(0);
  });

  it("a progress bar's percentage rounds down: never 100% before the goal is reached", () => {
    // 99.6%, 99.95% and a penny short of the goal show 99%; the goal itself shows 100%.
    expect(progressPercent(199_200, 200_000)).toBe(99);
    expect(progressPercent(199_900, 200_000)).toBe(99);
    expect(progressPercent(199_999, 200_000)).toBe(99);
    expect(progressPercent(200_000, 200_000)).toBe(100);
    expect(progressPercent(200_001, 200_000)).toBe(100);
    // Below a whole percent, and thirds, are not rounded up either.
    expect(progressPercent(1_990, 200_000)).toBe(0);
    expect(progressPercent(2_000, 200_000)).toBe(1);
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(1, 3)).toBe(33);
    // Large sums stay exact: £999,999.99 of £1,000,000.
    expect(progressPercent(99_999_999, 100_000_000)).toBe(99);
    // Every figure short of the goal is the whole percent at or below the exact share.
    for (let raised = 0; raised < 997; raised += 7) {
      const percent = progressPercent(raised, 997);
      expect(percent * 997 <= raised * 100 && raised * 100 < (percent + 1) * 997, `${raised} of 997`).toBe(true);
      expect(percent).toBeLessThan(100);
    }
  });
});
