/**
 * What scripts/test.ts reads from the test runners' JSON reports, and the lines it ends
 * with: the tests that passed only when run again, the tests that failed, then the total
 * ("N passed, M failed"), so the end of a long log names them.
 */
import path from "node:path";

export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  steps: Record<string, string>;
  /** "file:line › title" of each failed test (or the name of a failed step). */
  failures: string[];
  /** Browser tests that failed, then passed when CI ran them again. */
  flaky: string[];
}

export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; assertionResults: { status: string; fullName: string; location?: { line: number } }[] }[];
}

/** "file:line › describe title" of each failed Vitest test, the file relative to `root`. */
export function vitestFailures(report: VitestReport, root: string): string[] {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((t) => t.status === "failed")
      .map((t) => `${path.relative(root, file.name)}${t.location ? `:${t.location.line}` : ""} › ${t.fullName}`),
  );
}

export interface PlaywrightSuite {
  title: string;
  specs?: { title: string; file: string; line: number; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}

/** "file:line › describe › title" of each browser test whose outcome is `status`. */
export function playwrightTests(status: "unexpected" | "flaky", suites: PlaywrightSuite[], titles: string[] = []): string[] {
  return suites.flatMap((suite) => {
    // The outermost suite is the file, which the line's start already names.
    const inner = [...titles, suite.title];
    const here = (suite.specs ?? [])
      .filter((spec) => spec.tests.some((t) => t.status === status))
      .map((spec) => `${spec.file}:${spec.line} › ${[...inner.slice(1), spec.title].join(" › ")}`);
    return [...here, ...playwrightTests(status, suite.suites ?? [], inner)];
  });
}

/** The lines a run ends with; the total is the last. */
export function closingLines(s: Summary): string[] {
  const list = (heading: string, names: string[]) => (names.length ? [heading, ...names.map((name) => `  ${name}`)] : []);
  return [
    ...list("Passed only when run again (flaky):", s.flaky),
    ...list("Failed:", s.failures),
    `${s.passed} passed, ${s.failed} failed` + (s.skipped ? `, ${s.skipped} skipped` : ""),
  ];
}
