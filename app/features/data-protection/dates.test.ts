import { describe, expect, it } from "vitest";
import { addMonths, longDate, complaintDueOn, dueState, requestDueOn, requestExtendedTo } from "./dates.ts";
import { ukDate } from "../../lib/uk-time.ts";

describe("deadlines in Europe/London", () => {
  it("counts a complaint from the London date it arrived, across the autumn clock change", () => {
    // 00:30 on Sunday 25 October 2026 in London (BST) is still 24 October in UTC; the clocks go back at 02:00 that night.
    const received = new Date("2026-10-24T23:30:00Z");
    expect(ukDate(received)).toBe("2026-10-25");
    expect(complaintDueOn(received, 30)).toBe("2026-11-24");
    // In winter (GMT) the London date is the UTC date.
    expect(complaintDueOn(new Date("2026-11-24T23:30:00Z"), 30)).toBe("2026-12-24");
  });

  it("counts across the spring clock change without losing a day", () => {
    // 29 March 2026 is 23 hours long in London; the due date is still 30 calendar days on.
    expect(complaintDueOn(new Date("2026-03-28T12:00:00Z"), 30)).toBe("2026-04-27");
    expect(ukDate(new Date("2026-03-29T23:30:00Z"))).toBe("2026-03-30");
  });

  it("gives a request one calendar month, the last day of a shorter month, and two more months when extended", () => {
    expect(requestDueOn("2026-11-27")).toBe("2026-12-27");
    expect(requestDueOn("2027-01-31")).toBe("2027-02-28");
    expect(requestDueOn("2028-01-31")).toBe("2028-02-29");
    expect(requestDueOn("2026-12-15")).toBe("2027-01-15");
    expect(requestExtendedTo("2026-11-27")).toBe("2027-02-27");
    expect(addMonths("2026-11-30", 3)).toBe("2027-02-28");
    expect(longDate("2026-11-14")).toBe("Saturday 14 November 2026");
  });

  it("calls a deadline overdue only once its day is over, and due soon in its last week", () => {
    expect(dueState("2026-12-01", "2026-12-01", false)).toBe("due-soon");
    expect(dueState("2026-12-01", "2026-12-02", false)).toBe("overdue");
    expect(dueState("2026-12-09", "2026-12-01", false)).toBe("open");
    expect(dueState("2026-12-08", "2026-12-01", false)).toBe("due-soon");
    expect(dueState("2026-11-01", "2026-12-02", true)).toBe("done");
  });
});
