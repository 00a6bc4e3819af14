/**
 * Playwright fixtures for signed-in tests without clicking through the login form:
 *
 *   import { expect, test } from "./fixtures.ts";
 *   test("editors see events", async ({ page, signInAs }) => {
 *     await signInAs("editor");            // or "administrator", or null (no staff access)
 *     await signInAs("editor", { canSeeSubmissions: true });   // an editor allowed the inbox
 *     await page.goto("/admin/events");
 *   });
 *
 * The account and its session are written straight into the e2e server's database
 * (attached to its embedded PostgreSQL under E2E_DATA_DIR, or DATABASE_URL), and the
 * session cookie is added to the browser context.
 */
import { test as base, expect, type Page } from "@playwright/test";
import type { StaffRole } from "../../app/db/schema.ts";
import { openDatabase, type OpenDatabase } from "../../app/db/bootstrap.server.ts";
import { readConfig } from "../../app/lib/config.server.ts";
import { createSignedInAccount, createTestAccount, TEST_PASSWORD, type TestAccountOptions } from "../helpers/staff.ts";
import { isoDay } from "../../app/content/sample-content.ts";
import { E2E_PORT } from "../../playwright.config.ts";
import { createCraftFair } from "../../app/features/craft-fairs/craft-fairs-admin.server.ts";

export { expect, TEST_PASSWORD };

type SignedInAccount = Awaited<ReturnType<typeof createSignedInAccount>>;

interface Fixtures {
  /** Creates an account with `role` (null: no staff access), signs it in, sets the cookie. */
  signInAs: (role: StaffRole | null, options?: Omit<TestAccountOptions, "role">) => Promise<SignedInAccount>;
  /** Creates an account (not signed in), e.g. to sign in through the form. */
  createAccount: (role: StaffRole | null, options?: { email?: string; password?: string }) => Promise<{ email: string; password: string }>;
  /** A Cookie header value for a signed-in account, for `request` (HTTP-level) tests. */
  sessionCookie: (role: StaffRole | null, options?: Omit<TestAccountOptions, "role">) => Promise<string>;
}

interface WorkerFixtures {
  e2eDatabase: OpenDatabase;
  /**
   * The title of a craft fair taking applications (this worker's own, made through the
   * domain: two months ahead, applications until a month ahead), for the stall application
   * tests, which so never depend on the sample fairs' dates.
   */
  openCraftFair: string;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  e2eDatabase: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const config = readConfig({ ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, NODE_ENV: "test" });
      const database = await openDatabase(config, { mode: "attach", seed: false });
      await provide(database);
      await database.close();
    },
    { scope: "worker" },
  ],

  openCraftFair: [
    async ({ e2eDatabase }, provide, workerInfo) => {
      void e2eDatabase;
      const title = `Test Makers Fair ${workerInfo.workerIndex}-${Date.now().toString(36)}`;
      const today = new Date();
      await createCraftFair(
        {
          title,
          date: isoDay(today, 60),
          time: "10:00",
          description: "A fair made by the browser tests to apply for.",
          location: "Millbrook Test Hall",
          application_deadline: isoDay(today, 30),
          attendance: "",
          stallholders: "",
        },
        { userId: null, email: "e2e-fixtures@millbrook.test", ip: "127.0.0.1" },
      );
      // The server hears of the new fair through the change feed: wait until its page shows it.
      for (let i = 0; i < 50; i++) {
        const html = await (await fetch(`http://localhost:${E2E_PORT}/craft-fairs?tab=apply`)).text();
        if (html.includes(title)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await provide(title);
    },
    { scope: "worker" },
  ],

  // page.goto waits until React has hydrated the page (html[data-hydrated], set by
  // app/root.tsx), so that typing and clicking never race hydration on a busy machine.
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (response?.headers()["content-type"]?.includes("text/html")) {
          await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 20_000 });
        }
        return response;
      };
    }
    await provide(page);
  },

  signInAs: async ({ context, baseURL, e2eDatabase }, provide) => {
    void e2eDatabase;
    await provide(async (role, options = {}) => {
      const account = await createSignedInAccount({ role, ...options });
      await context.addCookies([
        { name: account.cookie.name, value: account.cookie.value, url: baseURL!, httpOnly: true, sameSite: "Lax" },
      ]);
      return account;
    });
  },

  createAccount: async ({ e2eDatabase }, provide) => {
    void e2eDatabase;
    await provide(async (role, options = {}) => {
      const account = await createTestAccount({ role, ...options });
      return { email: account.email, password: account.password };
    });
  },

  sessionCookie: async ({ e2eDatabase }, provide) => {
    void e2eDatabase;
    await provide(async (role, options = {}) => {
      const account = await createSignedInAccount({ role, ...options });
      return `${account.cookie.name}=${account.cookie.value}`;
    });
  },
});

/**
 * Finds one account on the Users screen (already open) with its search box, as staff
 * would: the shared test database holds thousands of accounts, 25 to a page.
 */
export async function findAccount(page: Page, email: string) {
  const search = page.getByRole("search", { name: "Find accounts" });
  await search.getByLabel("Search").fill(email);
  await search.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("1 account matches these filters")).toBeVisible();
}
