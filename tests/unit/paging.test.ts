import { describe, expect, it } from "vitest";
import { COUNT_CAP, countLimit, countText, pageCount } from "../../app/lib/paging.ts";

describe("capped list counts", () => {
  it("counts to the cap, or just past the page asked for when that is further", () => {
    expect(countLimit(1, 25)).toBe(COUNT_CAP + 1);
    expect(countLimit(400, 25)).toBe(COUNT_CAP + 1);
    expect(countLimit(1500, 25)).toBe(37_501);
  });

  it("gives exact totals under the cap, and the last page for a page past the end", () => {
    expect(pageCount(0, 1, 25)).toEqual({ page: 1, pages: 1, total: 0, more: false });
    expect(pageCount(51, 1, 25)).toEqual({ page: 1, pages: 3, total: 51, more: false });
    expect(pageCount(51, 9, 25)).toEqual({ page: 3, pages: 3, total: 51, more: false });
    expect(pageCount(COUNT_CAP, 1, 25)).toEqual({ page: 1, pages: 400, total: COUNT_CAP, more: false });
  });

  it("says 10,000+ and keeps a next page once the count reaches its limit", () => {
    expect(pageCount(COUNT_CAP + 1, 1, 25)).toEqual({ page: 1, pages: 400, total: COUNT_CAP, more: true });
    expect(pageCount(37_501, 1500, 25)).toEqual({ page: 1500, pages: 1500, total: COUNT_CAP, more: true });
    // Page 1,500 of a list that ends on it: exact again.
    expect(pageCount(37_480, 1500, 25)).toEqual({ page: 1500, pages: 1500, total: 37_480, more: false });
  });

  it("writes the count as before under the cap and with a plus past it", () => {
    expect(countText({ total: 42, more: false })).toBe("42");
    expect(countText({ total: 9_999, more: false })).toBe("9999");
    expect(countText({ total: COUNT_CAP, more: true })).toBe("10,000+");
  });
});
