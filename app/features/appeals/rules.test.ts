import { describe, expect, it } from "vitest";
import { appealState, matchedPence, matchRunning } from "./rules.ts";

describe("appeal rules", () => {
  const appeal = { starts_on: "2026-11-01", ends_on: "2026-11-30", match_from: "2026-11-10", match_to: "2026-11-12" };
  it("is open from its first to its last day inclusive", () => {
    expect(appealState(appeal, "2026-10-31")).toBe("upcoming");
    expect(appealState(appeal, "2026-11-01")).toBe("open");
    expect(appealState(appeal, "2026-11-30")).toBe("open");
    expect(appealState(appeal, "2026-12-01")).toBe("closed");
  });
  it("matches up to the cap, and only while the window runs", () => {
    expect(matchedPence(12_000, 10_000)).toBe(10_000);
    expect(matchedPence(4_000, 10_000)).toBe(4_000);
    expect(matchedPence(4_000, null)).toBe(0);
    expect(matchRunning(appeal, "2026-11-09")).toBe(false);
    expect(matchRunning(appeal, "2026-11-12")).toBe(true);
    expect(matchRunning(appeal, "2026-11-13")).toBe(false);
  });
});
