import { describe, expect, it } from "vitest";
import { maxQuantity, normaliseReference, salesCloseAt, salesOpen } from "./sales.ts";
import { formatPenceExact } from "../../lib/money.ts";
import { ukStartInstant } from "../../lib/uk-time.ts";

describe("ticket sales rules", () => {
  it("reads an event's start as Millbrook time on both sides of the clock changes", () => {
    // Clocks go forward on 28 March 2027 at 01:00 GMT, back on 31 October 2027 at 02:00 BST.
    expect(ukStartInstant("2027-03-27", "19:30").toISOString()).toBe("2027-03-27T19:30:00.000Z");
    expect(ukStartInstant("2027-03-28", "19:30").toISOString()).toBe("2027-03-28T18:30:00.000Z");
    expect(ukStartInstant("2027-10-30", "19:30").toISOString()).toBe("2027-10-30T18:30:00.000Z");
    expect(ukStartInstant("2027-10-31", "19:30").toISOString()).toBe("2027-10-31T19:30:00.000Z");
  });

  it("closes sales 24 hours before the start, to the minute", () => {
    const event = { date: "2027-01-29", time: "19:30" };
    expect(salesCloseAt(event).toISOString()).toBe("2027-01-28T19:30:00.000Z");
    expect(salesOpen(event, new Date("2027-01-28T19:29:00Z"))).toBe(true);
    expect(salesOpen(event, new Date("2027-01-28T19:30:00Z"))).toBe(false);
    expect(salesOpen(event, new Date("2027-01-28T19:31:00Z"))).toBe(false);
  });

  it("offers 1 to 10 tickets, never more than are left", () => {
    expect(maxQuantity(null)).toBe(10);
    expect(maxQuantity(80)).toBe(10);
    expect(maxQuantity(3)).toBe(3);
    expect(maxQuantity(0)).toBe(0);
  });

  it("shows money with pence", () => {
    expect(formatPenceExact(1000)).toBe("£10.00");
    expect(formatPenceExact(3050)).toBe("£30.50");
    expect(formatPenceExact(125_000)).toBe("£1,250.00");
  });

  it("reads a reference however it is typed at the door, and refuses what cannot be one", () => {
    expect(normaliseReference("MCF-7K3Q-9XPD")).toBe("MCF-7K3Q-9XPD");
    expect(normaliseReference(" mcf 7k3q 9xpd ")).toBe("MCF-7K3Q-9XPD");
    expect(normaliseReference("7k3q9xpd")).toBe("MCF-7K3Q-9XPD");
    // 0, O, 1 and I are never used.
    expect(normaliseReference("MCF-7K3Q-9XP0")).toBeNull();
    expect(normaliseReference("MCF-7K3Q-9XPDX")).toBeNull();
    expect(normaliseReference("")).toBeNull();
  });
});
