import { describe, expect, it } from "vitest";
import { pageNumbers } from "../../app/components/site/pager.tsx";

describe("pageNumbers", () => {
  it("shows every page of a short list", () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it("shortens a long list to the first, the last and the pages around the current one", () => {
    expect(pageNumbers(1, 9)).toEqual([1, 2, null, 9]);
    expect(pageNumbers(5, 9)).toEqual([1, null, 4, 5, 6, null, 9]);
    expect(pageNumbers(9, 9)).toEqual([1, null, 8, 9]);
    // A gap of one page shows that page rather than "…".
    expect(pageNumbers(4, 9)).toEqual([1, 2, 3, 4, 5, null, 9]);
    expect(pageNumbers(7, 9)).toEqual([1, null, 6, 7, 8, 9]);
  });
});
