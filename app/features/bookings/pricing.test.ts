import { describe, expect, it } from "vitest";
import { codeDatesState, discountOff, giftAidablePence, orderTotals } from "./pricing.ts";

const family = [
  { unitPence: 2000, quantity: 1, placesPerTicket: 4 },
  { unitPence: 800, quantity: 1, placesPerTicket: 1 },
  { unitPence: 400, quantity: 2, placesPerTicket: 1 },
];

describe("Gift Aid is claimed on the donation part only", () => {
  it("never on admission: an order with tickets and a donation can Gift Aid the donation alone", () => {
    const totals = orderTotals(family, null, 1000, true);
    expect(totals.ticketsPence).toBe(3600);
    expect(totals.totalPence).toBe(4600);
    expect(totals.giftAidablePence).toBe(1000);
  });
  it("nothing without a declaration, and nothing on tickets without a donation", () => {
    expect(orderTotals(family, null, 1000, false).giftAidablePence).toBe(0);
    expect(orderTotals(family, null, 0, true).giftAidablePence).toBe(0);
    expect(giftAidablePence({ donationPence: -500, giftAid: true })).toBe(0);
  });
});

describe("a discount never takes the order below zero", () => {
  it("a fixed amount larger than the tickets takes the tickets to zero, and leaves the donation whole", () => {
    const totals = orderTotals([{ unitPence: 500, quantity: 1, placesPerTicket: 1 }], { kind: "fixed", amount: 2000 }, 300, false);
    expect(totals).toMatchObject({ ticketsPence: 500, discountPence: 500, donationPence: 300, totalPence: 300 });
  });
  it("a percentage is of the ticket part only, rounded to the penny", () => {
    expect(orderTotals(family, { kind: "percent", amount: 10 }, 1000, false)).toMatchObject({ discountPence: 360, totalPence: 4240 });
    expect(discountOff({ kind: "percent", amount: 33 }, 999)).toBe(330);
    expect(discountOff({ kind: "percent", amount: 100 }, 999)).toBe(999);
    expect(discountOff({ kind: "fixed", amount: 500 }, 0)).toBe(0);
  });
  it("counts places by each type's places per ticket", () => {
    expect(orderTotals(family, null, 0, false)).toMatchObject({ places: 7, tickets: 4 });
  });
});

describe("a code's dates are Millbrook days (Europe/London)", () => {
  const code = { starts_on: "2027-07-01", ends_on: "2027-07-31" };
  it("opens at midnight in London, which is 23:00 UTC the day before in summer", () => {
    expect(codeDatesState(code, new Date("2027-06-30T22:59:59Z"))).toBe("not-started");
    expect(codeDatesState(code, new Date("2027-06-30T23:00:00Z"))).toBe("open");
  });
  it("ends after the whole of its last London day", () => {
    expect(codeDatesState(code, new Date("2027-07-31T22:59:59Z"))).toBe("open");
    expect(codeDatesState(code, new Date("2027-07-31T23:00:00Z"))).toBe("ended");
  });
  it("in winter London is on UTC", () => {
    const winter = { starts_on: "2027-12-01", ends_on: null };
    expect(codeDatesState(winter, new Date("2027-11-30T23:59:59Z"))).toBe("not-started");
    expect(codeDatesState(winter, new Date("2027-12-01T00:00:00Z"))).toBe("open");
  });
});
