/**
 * A real SMTP server on loopback for the tests of one file or describe block: while they
 * run, the site's mail settings point at it (with `env` added, e.g. PUBLIC_URL); after
 * them the environment and configuration are as they were. Read what arrived from the
 * returned catcher's `mails`. `options` go to the server (addresses to refuse, a delay).
 */
import { afterAll, beforeAll } from "vitest";
import { reloadConfig } from "../../app/lib/config.server.ts";
import { startSmtpCatcher } from "../../scripts/mail-catcher.ts";

type MailCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

export function withMailServer(env: Record<string, string> = {}, options: Parameters<typeof startSmtpCatcher>[0] = {}): MailCatcher {
  const savedEnv = { ...process.env };
  // Filled in when the server has started (its `mails` array is the one it fills).
  const catcher = {} as MailCatcher;
  beforeAll(async () => {
    Object.assign(catcher, await startSmtpCatcher(options));
    Object.assign(process.env, { SMTP_URL: catcher.url, MAIL_FROM: "Millbrook <no-reply@millbrook.test>", ...env });
    reloadConfig();
  });
  afterAll(async () => {
    process.env = savedEnv;
    reloadConfig();
    await catcher.stop();
  });
  return catcher;
}
