import { createHash } from "node:crypto";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.ts";

/**
 * Browser tests run in Debian's Chromium (CHROMIUM_PATH overrides /usr/bin/chromium)
 * against the production build, served by tests/e2e/start-server.ts on its own
 * embedded database (E2E_DATA_DIR) with the sample content.
 */
// Per checkout, so that several clones (or CI beside a developer) can run at once.
const checkout = path.resolve(import.meta.dirname);
const checkoutHash = createHash("sha256").update(checkout).digest().readUInt16BE(0);
export const E2E_PORT = Number(process.env.E2E_PORT ?? 20_000 + (checkoutHash % 20_000));
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(checkout, "test-results", "e2e-data");
process.env.E2E_DATA_DIR = E2E_DATA_DIR;
// Password hashes at N=2^15 instead of 2^17 (honoured only with NODE_ENV=test): the browser
// tests make and sign in many accounts. The production cost is tested by the unit and
// integration tests.
process.env.PASSWORD_HASH_LOG_N ??= "15";
process.env.NODE_ENV ??= "test";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/playwright",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // CI runs a failed test (with its serial group) once more; scripts/test.ts lists every test that
  // passed only on the retry above the total, so a flaky test is seen, not hidden
  // (docs/decisions/147-one-retry-in-ci.md). Locally a failure stands at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node tests/e2e/start-server.ts",
    url: `http://localhost:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      // Every browser test posts the public forms from 127.0.0.1, in parallel: the per-address
      // limit (tested in the integration tests) would refuse them.
      PUBLIC_FORM_RATE_LIMIT: "1000",
      // Likewise for sign-in: only the per-account back-off applies to the browser tests (the
      // per-address one is tested in tests/integration/auth-throttle.test.ts).
      LOGIN_THROTTLE_ADDRESS_FREE_FAILURES: "1000",
      PASSWORD_HASH_LOG_N: "15",
    },
  },
});
