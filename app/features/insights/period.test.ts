import { describe, expect, it } from "vitest";
import { chartCsv, change } from "./chart.ts";
import { periodFrom, yearBefore } from "./period.ts";

const at = (query: string, today: string, start = 4) => periodFrom(new URLSearchParams(query), today, start);

describe("report periods", () => {
  it("finds the financial year around today from its start month, and the same days a year before", () => {
    expect(at("period=this-year", "2026-03-31")).toMatchObject({ from: "2025-04-01", to: "2026-03-31", label: "Financial year 2025 to 2026" });
    expect(at("period=this-year", "2026-04-01")).toMatchObject({ from: "2026-04-01", to: "2027-03-31", previous: { from: "2025-04-01", to: "2026-03-31" } });
    expect(at("period=last-year", "2026-11-27", 1)).toMatchObject({ from: "2025-01-01", to: "2025-12-31", label: "Financial year 2025" });
    expect(at("", "2026-11-27").choice).toBe("this-year");
    expect(at("period=nonsense", "2026-11-27").choice).toBe("this-year");
  });

  it("gives months and financial quarters", () => {
    expect(at("period=this-month", "2026-02-14")).toMatchObject({ from: "2026-02-01", to: "2026-02-28", label: "February 2026", months: ["2026-02-01"] });
    expect(at("period=last-month", "2026-01-14")).toMatchObject({ from: "2025-12-01", to: "2025-12-31" });
    expect(at("period=this-quarter", "2026-11-27")).toMatchObject({ from: "2026-10-01", to: "2026-12-31", label: "Quarter 3 of financial year 2026 to 2027" });
    expect(at("period=last-quarter", "2026-05-02")).toMatchObject({ from: "2026-01-01", to: "2026-03-31", label: "Quarter 4 of financial year 2025 to 2026" });
  });

  it("takes custom dates only when they are real and in order; 29 February a year before is 28 February", () => {
    expect(at("from=2026-02-01&to=2026-05-31", "2026-11-27")).toMatchObject({ choice: "custom", months: ["2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01"] });
    expect(at("from=2026-02-30&to=2026-05-31", "2026-11-27").choice).toBe("this-year");
    expect(at("from=2026-06-01&to=2026-05-31", "2026-11-27").choice).toBe("this-year");
    expect(yearBefore("2028-02-29")).toBe("2027-02-28");
  });
});

describe("chart numbers", () => {
  it("writes a CSV with text kept as text and money in pounds", () => {
    const csv = chartCsv(
      { id: "x", title: "T", description: "", unit: "pence", kind: "rank", categoryLabel: "Cause", categories: ["=HYPERLINK()", "Food"], series: [{ key: "a", label: "Now", values: [-250, 1000], stack: "a" }] },
      "P",
    );
    expect(csv).toBe('\uFEFF"T: P"\r\n"Cause","Now (£)"\r\n"\'=HYPERLINK()",-2.50\r\n"Food",10.00\r\n');
    expect([change(120, 100), change(90, 100), change(5, 0), change(1, null)]).toEqual(["up 20%", "down 10%", "new this year", ""]);
  });
});
