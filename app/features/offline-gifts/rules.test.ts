import { describe, expect, it } from "vitest";
import { benefitLimitPence, giftAidAllowed } from "../giving/benefits.ts";
import { claimableFrom, smallDonationsClaim, taxYearOf } from "./rules.ts";

const year = (over: Partial<Parameters<typeof smallDonationsClaim>[0]>) =>
  smallDonationsClaim({ taxYear: 2026, unclaimedPence: 0, claimedPence: 0, giftAidClaimedPence: 0, today: "2026-11-27", ...over });

describe("tax years", () => {
  it("run from 6 April to 5 April", () => {
    expect(taxYearOf("2026-04-05")).toBe(2025);
    expect(taxYearOf("2026-04-06")).toBe(2026);
    expect(taxYearOf("2027-01-01")).toBe(2026);
  });
});

describe("the Small Donations Scheme's limits", () => {
  it("allows every small donation, with a 25% top-up, when within 10× the Gift Aid donations", () => {
    const claim = year({ unclaimedPence: 50_000, giftAidClaimedPence: 10_000 });
    expect(claim).toMatchObject({ limitPence: 100_000, claimablePence: 50_000, topUpPence: 12_500, overLimitPence: 0, allowed: true, reasons: [] });
  });

  it("stops at 10 times the Gift Aid donations claimed in the year (the matching rule)", () => {
    const claim = year({ unclaimedPence: 150_000, giftAidClaimedPence: 10_000 });
    expect(claim.claimablePence).toBe(100_000);
    expect(claim.topUpPence).toBe(25_000);
    expect(claim.overLimitPence).toBe(50_000);
    expect(claim.reasons.join(" ")).toMatch(/10 times the Gift Aid donations/);
  });

  it("never passes £8,000 however much Gift Aid was claimed", () => {
    const claim = year({ unclaimedPence: 900_000, giftAidClaimedPence: 500_000 });
    expect(claim.limitPence).toBe(800_000);
    expect(claim.claimablePence).toBe(800_000);
    expect(claim.topUpPence).toBe(200_000);
    expect(claim.reasons.join(" ")).toMatch(/£8,000/);
  });

  it("counts what was already claimed in the year against the limit", () => {
    const claim = year({ unclaimedPence: 100_000, claimedPence: 750_000, giftAidClaimedPence: 500_000 });
    expect(claim.claimablePence).toBe(50_000);
    const full = year({ unclaimedPence: 100, claimedPence: 800_000, giftAidClaimedPence: 500_000 });
    expect(full.claimablePence).toBe(0);
    expect(full.allowed).toBe(false);
  });

  it("allows nothing in a year with no ordinary Gift Aid claim, and says why", () => {
    const claim = year({ unclaimedPence: 20_000, giftAidClaimedPence: 0 });
    expect(claim.claimablePence).toBe(0);
    expect(claim.allowed).toBe(false);
    expect(claim.reasons[0]).toMatch(/No Gift Aid has been claimed/);
  });

  it("allows nothing two years after the tax year ends", () => {
    expect(year({ taxYear: 2023, unclaimedPence: 1_000, giftAidClaimedPence: 1_000, today: "2026-04-05" }).claimablePence).toBe(1_000);
    const late = year({ taxYear: 2023, unclaimedPence: 1_000, giftAidClaimedPence: 1_000, today: "2026-04-06" });
    expect(late.claimablePence).toBe(0);
    expect(late.reasons[0]).toMatch(/Too late/);
  });
});

describe("spoken declarations", () => {
  it("are claimable only once the written record's 30 days have passed", () => {
    expect(claimableFrom({ how: "spoken", madeOn: "2026-10-30", recordSentOn: null })).toBeNull();
    expect(claimableFrom({ how: "spoken", madeOn: "2026-10-30", recordSentOn: "2026-11-01" })).toBe("2026-12-02");
    expect(claimableFrom({ how: "paper", madeOn: "2026-10-30", recordSentOn: null })).toBe("2026-10-30");
  });
});

describe("the benefit rule", () => {
  it("follows HMRC's limits: 25% up to £100, then £25 and 5% of the rest", () => {
    expect(benefitLimitPence(4_000)).toBe(1_000);
    expect(benefitLimitPence(10_000)).toBe(2_500);
    expect(benefitLimitPence(50_000)).toBe(4_500);
  });

  it("never offers Gift Aid on a ticket or a stall fee", () => {
    expect(giftAidAllowed({ kind: "ticket", amountPence: 1_500 }).allowed).toBe(false);
    expect(giftAidAllowed({ kind: "stall-fee", amountPence: 2_000 }).allowed).toBe(false);
    expect(giftAidAllowed({ kind: "donation", amountPence: 2_000 }).allowed).toBe(true);
  });

  it("refuses a gift whose benefit is over the limit, or over £2,500 in the year", () => {
    expect(giftAidAllowed({ kind: "donation", amountPence: 4_000, benefitPence: 1_000 }).allowed).toBe(true);
    expect(giftAidAllowed({ kind: "donation", amountPence: 4_000, benefitPence: 1_001 }).allowed).toBe(false);
    expect(giftAidAllowed({ kind: "donation", amountPence: 10_000_000, benefitPence: 100_000, benefitsThisYearPence: 160_000 }).allowed).toBe(false);
  });
});
