import { defineConfig } from "vitest/config";

/**
 * Two projects: `unit` (no database) and `integration` (a real PostgreSQL server: the
 * embedded one by default, or TEST_DATABASE_URL; a fresh database per test file, cloned
 * from a migrated and seeded template). A feature folder keeps its tests beside its code:
 * `*.test.ts` are unit tests, `*.integration.test.ts` integration tests.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}", "app/features/**/*.test.{ts,tsx}"],
          exclude: ["app/features/**/*.integration.test.{ts,tsx}"],
          environment: "node",
          env: { NODE_ENV: "test" },
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}", "app/features/**/*.integration.test.{ts,tsx}"],
          environment: "node",
          globalSetup: ["tests/helpers/postgres-global-setup.ts"],
          pool: "forks",
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // New password hashes at N=2^15 (the tests make many accounts); the production
          // cost, N=2^17, is tested where it matters (tests/integration/auth-throttle.test.ts).
          // A fixed key for second-factor secrets at rest (the server's key file is tested on its own).
          env: { NODE_ENV: "test", PASSWORD_HASH_LOG_N: "15", SECRET_ENCRYPTION_KEY: "dGVzdC1vbmx5LWtleS0zMi1ieXRlcy1sb25nLW9rISE=" },
        },
      },
    ],
  },
});
