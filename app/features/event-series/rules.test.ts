import { describe, expect, it } from "vitest";
import { salesCloseAt } from "../bookings/sales.ts";
import { describeRule, MAX_SERIES_DATES, seriesDates } from "./rules.ts";

describe("series dates", () => {
  it("weekly until a date, including it", () => {
    expect(seriesDates({ start: "2026-12-05", frequency: "weekly", until: "2027-01-02" })).toEqual(["2026-12-05", "2026-12-12", "2026-12-19", "2026-12-26", "2027-01-02"]);
  });

  it("fortnightly for a number of dates", () => {
    expect(seriesDates({ start: "2027-02-25", frequency: "fortnightly", count: 3 })).toEqual(["2027-02-25", "2027-03-11", "2027-03-25"]);
  });

  it("monthly on the second Saturday, skipping to the right day each month", () => {
    expect(seriesDates({ start: "2027-01-09", frequency: "monthly", monthWeek: 2, count: 4 })).toEqual(["2027-01-09", "2027-02-13", "2027-03-13", "2027-04-10"]);
    expect(describeRule({ start: "2027-01-09", frequency: "monthly", monthWeek: 2 })).toBe("Every month on the second Saturday");
  });

  it("monthly on the last Friday, and the first date's own week when none is given", () => {
    expect(seriesDates({ start: "2027-01-29", frequency: "monthly", monthWeek: -1, until: "2027-05-01" })).toEqual(["2027-01-29", "2027-02-26", "2027-03-26", "2027-04-30"]);
    expect(seriesDates({ start: "2027-01-20", frequency: "monthly", count: 2 })).toEqual(["2027-01-20", "2027-02-17"]);
    expect(describeRule({ start: "2027-01-20", frequency: "weekly" })).toBe("Every week on Wednesday");
  });

  it("stops at two years of weeks however far the end", () => {
    expect(seriesDates({ start: "2027-01-01", frequency: "weekly", until: "2040-01-01" })).toHaveLength(MAX_SERIES_DATES);
    expect(seriesDates({ start: "2027-01-01", frequency: "weekly", count: 500 })).toHaveLength(MAX_SERIES_DATES);
  });

  it("keeps the wall-clock time across the clock change (Europe/London): each date's cut-off is 24 hours before its own start", () => {
    // Saturdays at 10am either side of the clocks going forward (28 March 2027).
    const dates = seriesDates({ start: "2027-03-20", frequency: "weekly", count: 2 });
    expect(dates).toEqual(["2027-03-20", "2027-03-27"]);
    expect(salesCloseAt({ date: dates[0], time: "10:00" }).toISOString()).toBe("2027-03-19T10:00:00.000Z"); // GMT
    const summer = seriesDates({ start: "2027-03-27", frequency: "weekly", count: 2 });
    expect(salesCloseAt({ date: summer[1], time: "10:00" }).toISOString()).toBe("2027-04-02T09:00:00.000Z"); // BST
    // and back on 31 October 2027
    const autumn = seriesDates({ start: "2027-10-30", frequency: "weekly", count: 2 });
    expect(autumn).toEqual(["2027-10-30", "2027-11-06"]);
    expect(salesCloseAt({ date: autumn[0], time: "10:00" }).toISOString()).toBe("2027-10-29T09:00:00.000Z");
    expect(salesCloseAt({ date: autumn[1], time: "10:00" }).toISOString()).toBe("2027-11-05T10:00:00.000Z");
  });
});
