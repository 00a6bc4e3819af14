/**
 * The Lighthouse bench reports each figure's median over a page's runs, not one whole run:
 * a single run moves LCP and blocking time by 40–90 ms.
 */
import { describe, expect, it } from "vitest";
import { medianOfRuns, type Scores } from "../../scripts/bench-lighthouse.ts";

const run = (performance: number, lcp: number, tbt: number, element = "img"): Scores => ({
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcp: lcp - 200,
  lcp,
  tbt,
  cls: 0,
  lcpElement: element,
  failing: [],
});

describe("medianOfRuns", () => {
  it("takes each figure's middle value, whichever run it came from", () => {
    const median = medianOfRuns([run(100, 900, 80), run(99, 1100, 10), run(100, 980, 30)])!;
    expect([median.performance, median.lcp, median.tbt, median.fcp]).toEqual([100, 980, 30, 780]);
  });

  it("takes the worse of the two middle values for an even count", () => {
    const median = medianOfRuns([run(100, 900, 20), run(98, 1050, 60)])!;
    expect([median.performance, median.lcp, median.tbt]).toEqual([98, 1050, 60]);
  });

  it("keeps the element and failed audits of the run with the median performance", () => {
    expect(medianOfRuns([run(90, 1, 1, "a"), run(95, 1, 1, "b"), run(100, 1, 1, "c")])!.lcpElement).toBe("b");
    expect(medianOfRuns([])).toBeNull();
  });
});
