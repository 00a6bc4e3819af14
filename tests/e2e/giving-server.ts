/**
 * For the giving browser tests: a server of its own with online payments switched on,
 * its Stripe SDK pointed at the Stripe double and its mail at an SMTP catcher, all on
 * loopback and started here. The test process attaches to the server's database too
 * (for a signed-in administrator and for checking the ledger).
 */
import net from "node:net";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "@playwright/test";
import { openDatabase, type OpenDatabase } from "../../app/db/bootstrap.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { donations, monthlyGifts } from "../../app/features/giving/table.ts";
import { readConfig } from "../../app/lib/config.server.ts";
import { StripeDouble } from "../../scripts/stripe-double.ts";
import { startSmtpCatcher } from "../../scripts/mail-catcher.ts";
import { createSignedInAccount } from "../helpers/staff.ts";
import { startOwnServer, type OwnServer } from "./own-server.ts";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface GivingSite {
  origin: string;
  server: OwnServer;
  stripe: StripeDouble;
  smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  database: OpenDatabase;
  stop(): Promise<void>;
}

export async function startGivingSite(extraEnv: Record<string, string> = {}): Promise<GivingSite> {
  const smtp = await startSmtpCatcher();
  const stripe = await new StripeDouble().start();
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = await startOwnServer({
    PORT: String(port),
    PUBLIC_URL: origin,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Millbrook Community Foundation <no-reply@millbrook.test>",
    ...stripe.env(),
    ...extraEnv,
  });
  stripe.webhookUrl = `${origin}/payments/stripe/webhook`;
  const database = await openDatabase(readConfig({ ...process.env, DATA_DIR: server.dataDir, NODE_ENV: "test" }), { mode: "attach", seed: false });
  return {
    origin,
    server,
    stripe,
    smtp,
    database,
    stop: async () => {
      await database.close().catch(() => {});
      await server.stop();
      await stripe.stop();
      await smtp.stop();
    },
  };
}

/** Signs an administrator into the browser context (a session made in the database). */
export async function signInAdministrator(context: BrowserContext, origin: string) {
  const account = await createSignedInAccount({ role: "administrator" });
  await context.addCookies([{ name: account.cookie.name, value: account.cookie.value, url: origin, httpOnly: true, sameSite: "Lax" }]);
  return account;
}

/** page.goto on the site, waiting for React to hydrate (so typing never races it). */
export async function openSitePage(page: Page, url: string) {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 20_000 });
}

export async function donationsByEmail(email: string) {
  return getDb().select().from(donations).where(eq(donations.email, email)).orderBy(donations.paid_at, donations.reference);
}

export async function monthlyGiftByEmail(email: string) {
  const [row] = await getDb().select().from(monthlyGifts).where(eq(monthlyGifts.email, email));
  return row ?? null;
}

export async function waitForMail(site: GivingSite, to: string, count = 1) {
  for (let i = 0; i < 200; i++) {
    const mails = site.smtp.mails.filter((m) => m.to.includes(to));
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}
