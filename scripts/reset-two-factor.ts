/**
 * npm run reset-two-factor -- --email EMAIL
 *
 * Removes the second factors (authenticator app and passkeys) and recovery codes of an
 * account and ends its sessions, for the last administrator who lost their phone or
 * passkey (others are reset from the Users screen).
 * The person sets up two-step sign-in again with a one-time link (3 days): mailed to them
 * when mail is configured, and printed here in any case to hand over. Audited. Uses
 * DATA_DIR / DATABASE_URL like the server.
 */
import { parseArgs } from "node:util";
import { resetSecondFactor, TwoFactorResetError, findUserByEmail } from "../app/features/staff/index.ts";
import { openDatabase } from "../app/db/bootstrap.server.ts";
import { readConfig, siteOrigin } from "../app/lib/config.server.ts";

const USAGE = "Usage: npm run reset-two-factor -- --email EMAIL";

let email: string | undefined;
try {
  ({ values: { email } } = parseArgs({ options: { email: { type: "string" } }, strict: true, allowPositionals: false }));
} catch (error) {
  console.error(`reset-two-factor: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!email) {
  console.error(`reset-two-factor: --email is required.\n${USAGE}`);
  process.exit(2);
}

const database = await openDatabase(readConfig(), { mode: "attach", seed: false }).catch((error: unknown) => {
  console.error(`reset-two-factor: could not open the database: ${(error as Error).message}`);
  process.exit(1);
});

let exitCode = 0;
try {
  const user = await findUserByEmail(email.trim().toLowerCase());
  if (!user) throw new TwoFactorResetError(`No account with the email ${email}`);
  const link = await resetSecondFactor(user.id, { ip: "cli" }, "command", siteOrigin());
  console.log(`Two-step sign-in reset for ${user.email}. They set it up again with this one-time link (${link.mailed ? "also emailed to them" : "mail is not configured: give it to them"}), valid until ${link.expiresAt.toISOString()}:\n${link.url}`);
} catch (error) {
  console.error(`reset-two-factor: ${(error as Error).message}`);
  exitCode = 1;
} finally {
  await database.close().catch(() => {});
}
process.exit(exitCode);
