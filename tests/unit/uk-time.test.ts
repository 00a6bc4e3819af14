import { describe, expect, it } from "vitest";
import { formatUk, ukDate, ukDateTimeInput, ukInstant, ukInstantFromInput, ukStartInstant } from "../../app/lib/uk-time.ts";

// In 2027 the clocks go forward on Sunday 28 March (01:00 GMT becomes 02:00 BST) and back on
// Sunday 31 October (02:00 BST becomes 01:00 GMT).
describe("UK local time", () => {
  it("converts winter times as GMT and summer times as BST", () => {
    expect(ukInstant("2027-01-15", "19:30")?.toISOString()).toBe("2027-01-15T19:30:00.000Z");
    expect(ukInstant("2027-07-15", "19:30")?.toISOString()).toBe("2027-07-15T18:30:00.000Z");
    expect(ukInstant("2027-03-28", "00:59")?.toISOString()).toBe("2027-03-28T00:59:00.000Z");
    expect(ukInstant("2027-03-28", "02:00")?.toISOString()).toBe("2027-03-28T01:00:00.000Z");
  });

  it("a time the clocks skip in March: null when rejected, else read as GMT (an hour later on the clock)", () => {
    expect(ukInstant("2027-03-28", "01:30", "reject")).toBeNull();
    expect(ukInstantFromInput("2027-03-28T01:30")).toBeNull();
    const compatible = ukInstant("2027-03-28", "01:30")!;
    expect(compatible.toISOString()).toBe("2027-03-28T01:30:00.000Z");
    expect(ukDateTimeInput(compatible)).toBe("2027-03-28T02:30");
  });

  it("a time the clocks show twice in October is the first of the two (BST)", () => {
    const first = ukInstant("2027-10-31", "01:30")!;
    expect(first.toISOString()).toBe("2027-10-31T00:30:00.000Z");
    expect(ukInstantFromInput("2027-10-31T01:30")?.toISOString()).toBe("2027-10-31T00:30:00.000Z");
    // The second 01:30 (GMT), an hour later, reads the same on the clock.
    expect(ukDateTimeInput(new Date("2027-10-31T01:30:00Z"))).toBe("2027-10-31T01:30");
    expect(ukInstant("2027-10-31", "02:00")?.toISOString()).toBe("2027-10-31T02:00:00.000Z");
  });

  it("the UK date changes at UK midnight, not UTC's", () => {
    expect(ukDate(new Date("2027-06-30T23:30:00Z"))).toBe("2027-07-01");
    expect(ukDate(new Date("2027-12-31T23:30:00Z"))).toBe("2027-12-31");
  });

  it("refuses what is not a date or a time", () => {
    expect(ukInstant("2027-02-30", "10:00")).toBeNull();
    expect(ukInstant("2027-02-10", "24:00")).toBeNull();
    expect(ukInstantFromInput("2027-02-10 10:00")).toBeNull();
  });

  it("round-trips every half hour across both clock changes", () => {
    for (const day of ["2027-03-28", "2027-10-31"]) {
      for (let m = 0; m < 24 * 60; m += 30) {
        const time = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
        const at = ukInstant(day, time, "reject");
        if (at) expect(ukDateTimeInput(at)).toBe(`${day}T${time}`);
        else expect([day, time]).toEqual(["2027-03-28", expect.stringMatching(/^01:/)]);
      }
    }
  });

  it("formats dates and times the same in every browser", () => {
    const at = new Date("2027-09-14T08:30:15Z");
    expect(formatUk(at, "date")).toBe("14 September 2027");
    expect(formatUk(at, "short-date")).toBe("14 Sep 2027");
    expect(formatUk(at, "date-time")).toBe("14 Sep 2027, 09:30");
    expect(formatUk(at, "date-time", { seconds: true })).toBe("14 Sep 2027, 09:30:15");
    expect(formatUk(at, "weekday-time")).toBe("Tuesday 14 September, 9:30");
  });
});

describe("ukStartInstant (an event's or a shift's stored date and time)", () => {
  it("reads a stored time with or without seconds, and an empty one as midnight", () => {
    expect(ukStartInstant("2027-07-01", "19:30:00").toISOString()).toBe("2027-07-01T18:30:00.000Z");
    expect(ukStartInstant("2027-07-01", "19:30").toISOString()).toBe("2027-07-01T18:30:00.000Z");
    expect(ukStartInstant("2027-12-01", "").toISOString()).toBe("2027-12-01T00:00:00.000Z");
  });

  it("gives an invalid Date, never null, for an impossible date or time", () => {
    expect(Number.isNaN(ukStartInstant("2027-02-30", "10:00").getTime())).toBe(true);
    expect(Number.isNaN(ukStartInstant("2027-07-01", "25:00").getTime())).toBe(true);
  });
});
