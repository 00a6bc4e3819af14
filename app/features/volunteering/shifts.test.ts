/** Shift rules without a database: closing time in Millbrook time, overlaps, repeats, the financial year, checks. */
import { describe, expect, it } from "vitest";
import { checkState, financialYear, financialYearOf, formatHours, repeatDates, shiftMinutes, shiftsOverlap, signupClosesAt, weekStart } from "./shifts.ts";

const shift = (date: string, start_time: string, end_time: string) => ({ date, start_time, end_time });

describe("shift rules", () => {
  it("closes sign-up the set hours before the start, read in Europe/London across the clock change", () => {
    expect(signupClosesAt(shift("2030-03-31", "09:00", "12:00"), 24).toISOString()).toBe("2030-03-30T08:00:00.000Z"); // BST that day
    expect(signupClosesAt(shift("2030-03-30", "09:00", "12:00"), 24).toISOString()).toBe("2030-03-29T09:00:00.000Z"); // GMT
    expect(signupClosesAt(shift("2030-10-27", "09:00", "12:00"), 0).toISOString()).toBe("2030-10-27T09:00:00.000Z"); // back to GMT
  });

  it("overlap: same day and one starts before the other ends; end to start is fine", () => {
    expect(shiftsOverlap(shift("2030-06-01", "09:00", "12:00"), shift("2030-06-01", "11:59", "13:00"))).toBe(true);
    expect(shiftsOverlap(shift("2030-06-01", "09:00", "12:00"), shift("2030-06-01", "12:00", "13:00"))).toBe(false);
    expect(shiftsOverlap(shift("2030-06-01", "09:00", "12:00"), shift("2030-06-02", "09:00", "12:00"))).toBe(false);
  });

  it("repeats every day or week up to the last date, at most 60", () => {
    expect(repeatDates("2030-12-30", "2031-01-02", "day")).toEqual(["2030-12-30", "2030-12-31", "2031-01-01", "2031-01-02"]);
    expect(repeatDates("2030-06-01", "2030-06-21", "week")).toEqual(["2030-06-01", "2030-06-08", "2030-06-15"]);
    expect(repeatDates("2030-01-01", "2031-12-31", "day")).toHaveLength(60);
  });

  it("the financial year runs 1 April to 31 March; weeks start on Monday", () => {
    expect(financialYearOf("2031-03-31")).toBe(2030);
    expect(financialYearOf("2031-04-01")).toBe(2031);
    expect(financialYear(2030)).toEqual({ from: "2030-04-01", to: "2031-03-31", label: "2030/31" });
    expect(weekStart("2030-06-09")).toBe("2030-06-03"); // a Sunday
    expect(weekStart("2030-06-03")).toBe("2030-06-03");
  });

  it("hours and checks", () => {
    expect(shiftMinutes(shift("2030-06-01", "09:30", "12:00"))).toBe(150);
    expect(formatHours(150)).toBe("2.5 hours");
    expect(formatHours(60)).toBe("1 hour");
    expect(checkState(null, "2030-06-01")).toBe("missing");
    expect(checkState({ check_seen_on: "2029-01-01", check_expires_on: "2030-05-31" }, "2030-06-01")).toBe("expired");
    expect(checkState({ check_seen_on: "2029-01-01", check_expires_on: "2030-06-01" }, "2030-06-01")).toBe("ok");
    expect(checkState({ check_seen_on: "2029-01-01", check_expires_on: null }, "2030-06-01")).toBe("ok");
  });
});
