/**
 * `npm test`: typecheck, lint, dead code (knip), unit tests, database integration tests,
 * production build and browser tests, then one total line ("N passed, M failed").
 *
 *   node scripts/test.ts                      every step
 *   node scripts/test.ts --steps integration  some steps (comma-separated)
 *   node scripts/test.ts --label debian-pg    name of this run's summary file
 *   node scripts/test.ts --total              add up every summary of this checkout
 *   node scripts/test.ts --steps e2e FILE...  only these browser test files
 *
 * Each run writes test-results/summary-<label>.json; `.ci/run` adds them up.
 * Checks that are not made of tests (typecheck, lint, dead code, build) count as one test each.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { closingLines, playwrightTests, vitestFailures, type PlaywrightSuite, type Summary, type VitestReport } from "./test-report.ts";

const ALL_STEPS = ["typecheck", "lint", "deadcode", "unit", "integration", "e2e"] as const;
type Step = (typeof ALL_STEPS)[number];
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    steps: { type: "string", default: ALL_STEPS.join(",") },
    label: { type: "string", default: "all" },
    total: { type: "boolean", default: false },
  },
});
const resultsDir = path.resolve("test-results");
fs.mkdirSync(resultsDir, { recursive: true });

function printTotal(s: Summary) {
  for (const line of closingLines(s)) console.log(line);
}

if (values.total) {
  const total: Summary = { passed: 0, failed: 0, skipped: 0, steps: {}, failures: [], flaky: [] };
  for (const file of fs.readdirSync(resultsDir).filter((f) => /^summary-.*\.json$/.test(f))) {
    const s = JSON.parse(fs.readFileSync(path.join(resultsDir, file), "utf8")) as Summary;
    total.passed += s.passed;
    total.failed += s.failed;
    total.skipped += s.skipped;
    const label = (f: string) => `${file.replace(/^summary-|\.json$/g, "")}: ${f}`;
    total.failures.push(...(s.failures ?? []).map(label));
    total.flaky.push(...(s.flaky ?? []).map(label));
  }
  printTotal(total);
  process.exit(total.failed > 0 ? 1 : 0);
}

const steps = values.steps.split(",").map((s) => s.trim()) as Step[];
for (const step of steps) {
  if (!ALL_STEPS.includes(step)) {
    console.error(`Unknown step "${step}". Steps: ${ALL_STEPS.join(", ")}`);
    process.exit(2);
  }
}

const summary: Summary = { passed: 0, failed: 0, skipped: 0, steps: {}, failures: [], flaky: [] };

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(step: string, ok: boolean) {
  summary.steps[step] = ok ? "passed" : "failed";
  if (ok) summary.passed++;
  else {
    summary.failed++;
    summary.failures.push(step);
  }
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

function vitest(project: "unit" | "integration") {
  const out = path.join(resultsDir, `vitest-${project}-${values.label}.json`);
  fs.rmSync(out, { force: true });
  const ok = run("npx", ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`]);
  const report = readJson<VitestReport>(out);
  if (!report) return check(project, false);
  summary.failures.push(...vitestFailures(report, process.cwd()));
  summary.passed += report.numPassedTests;
  // A run that failed without a failing test (a file that did not load) still counts as one failure.
  summary.failed += report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1);
  summary.skipped += report.numPendingTests + report.numTodoTests;
  summary.steps[project] = ok ? "passed" : "failed";
}

function chromiumPath(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

function ensureChromium(): boolean {
  if (chromiumPath()) return true;
  if (process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
    console.log("Chromium not found: installing Debian's chromium package...");
    run("apt-get", ["update"]);
    run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { DEBIAN_FRONTEND: "noninteractive" });
  }
  if (chromiumPath()) return true;
  console.error(
    "\nNo Chromium found for the browser tests. Install Debian's chromium package\n" +
      "(sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.\n",
  );
  return false;
}

function e2e() {
  if (!ensureChromium()) return check("e2e", false);
  if (!run("npm", ["run", "build"])) return check("build", false);
  check("build", true);
  const out = path.join(resultsDir, `playwright-${values.label}.json`);
  fs.rmSync(out, { force: true });
  const ok = run("npx", ["playwright", "test", "--reporter=list,json", ...positionals], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    CHROMIUM_PATH: chromiumPath()!,
  });
  const report = readJson<{ stats?: { expected: number; unexpected: number; flaky: number; skipped: number }; suites?: PlaywrightSuite[] }>(out);
  if (!report?.stats) return check("e2e", false);
  summary.failures.push(...playwrightTests("unexpected", report.suites ?? []));
  summary.flaky.push(...playwrightTests("flaky", report.suites ?? []));
  summary.passed += report.stats.expected + report.stats.flaky;
  summary.failed += report.stats.unexpected + (ok || report.stats.unexpected > 0 ? 0 : 1);
  summary.skipped += report.stats.skipped;
  summary.steps.e2e = ok ? "passed" : "failed";
}

for (const step of steps) {
  if (step === "typecheck") check("typecheck", run("npx", ["react-router", "typegen"]) && run("npx", ["tsc"]));
  if (step === "lint") check("lint", run("npx", ["eslint", "--max-warnings", "0", "."]));
  // Unused files, exports and dependencies (knip.json).
  if (step === "deadcode") check("deadcode", run("npx", ["knip", "--no-config-hints"]));
  if (step === "unit") vitest("unit");
  if (step === "integration") vitest("integration");
  if (step === "e2e") e2e();
}

fs.writeFileSync(path.join(resultsDir, `summary-${values.label}.json`), JSON.stringify(summary, null, 2));
console.log("\nSteps: " + Object.entries(summary.steps).map(([k, v]) => `${k} ${v}`).join(", "));
printTotal(summary);
process.exit(summary.failed > 0 ? 1 : 0);
