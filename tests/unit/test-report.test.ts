import { describe, expect, it } from "vitest";
import { closingLines, playwrightTests, vitestFailures, type PlaywrightSuite } from "../../scripts/test-report.ts";

describe("the end of a test run's log", () => {
  it("names each failed Vitest test by file, line and full name", () => {
    const report = {
      numPassedTests: 1,
      numFailedTests: 2,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          name: "/repo/tests/unit/a.test.ts",
          assertionResults: [
            { status: "passed", fullName: "a works" },
            { status: "failed", fullName: "a fails", location: { line: 7 } },
          ],
        },
        { name: "/repo/tests/unit/b.test.ts", assertionResults: [{ status: "failed", fullName: "outer b fails" }] },
      ],
    };
    expect(vitestFailures(report, "/repo")).toEqual(["tests/unit/a.test.ts:7 › a fails", "tests/unit/b.test.ts › outer b fails"]);
  });

  it("names failed and flaky browser tests with their describe blocks, the file's suite left out", () => {
    const suites: PlaywrightSuite[] = [
      {
        title: "giving.spec.ts",
        specs: [
          { title: "a gift", file: "giving.spec.ts", line: 58, tests: [{ status: "unexpected" }] },
          { title: "a refund", file: "giving.spec.ts", line: 90, tests: [{ status: "expected" }] },
        ],
        suites: [
          {
            title: "staff",
            specs: [{ title: "the ledger", file: "giving.spec.ts", line: 251, tests: [{ status: "flaky" }] }],
            suites: [{ title: "amounts", specs: [{ title: '"0" is refused', file: "giving.spec.ts", line: 377, tests: [{ status: "unexpected" }] }] }],
          },
        ],
      },
    ];
    expect(playwrightTests("unexpected", suites)).toEqual(["giving.spec.ts:58 › a gift", 'giving.spec.ts:377 › staff › amounts › "0" is refused']);
    expect(playwrightTests("flaky", suites)).toEqual(["giving.spec.ts:251 › staff › the ledger"]);
  });

  it("ends with the flaky list, the failed list, then the total as the very last line", () => {
    const lines = closingLines({ passed: 10, failed: 1, skipped: 3, steps: {}, failures: ["e2e: a.spec.ts:3 › fails"], flaky: ["e2e: b.spec.ts:5 › once"] });
    expect(lines).toEqual([
      "Passed only when run again (flaky):",
      "  e2e: b.spec.ts:5 › once",
      "Failed:",
      "  e2e: a.spec.ts:3 › fails",
      "10 passed, 1 failed, 3 skipped",
    ]);
    expect(closingLines({ passed: 4, failed: 0, skipped: 0, steps: {}, failures: [], flaky: [] })).toEqual(["4 passed, 0 failed"]);
  });
});
