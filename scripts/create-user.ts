/**
 * npm run create-user -- --email EMAIL --password PASSWORD [--role administrator|editor]
 *
 * Creates an account. With --role it gets staff access; without, it can sign in but
 * has no access to the admin area. Uses DATA_DIR / DATABASE_URL like the server, and
 * attaches to a running server's embedded PostgreSQL instead of starting a second one.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../app/db/bootstrap.server.ts";
import { checkNewPassword } from "../app/features/sign-in/index.ts";
import { recordAudit } from "../app/domain/audit/audit.server.ts";
import { EmailSchema, NewPasswordSchema, RoleSchema, createUser, StaffError } from "../app/features/staff/index.ts";
import { readConfig } from "../app/lib/config.server.ts";

const USAGE = "Usage: npm run create-user -- --email EMAIL --password PASSWORD [--role administrator|editor]";

function fail(message: string): never {
  console.error(`create-user: ${message}\n${USAGE}`);
  process.exit(2);
}

let values: { email?: string; password?: string; role?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail((error as Error).message);
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.email) fail("--email is required.");
if (!values.password) fail("--password is required.");

const email = EmailSchema.safeParse(values.email);
if (!email.success) fail(email.error.issues[0]?.message ?? "invalid email");
const password = NewPasswordSchema.safeParse(values.password);
if (!password.success) fail(password.error.issues[0]?.message ?? "invalid password");
const role = values.role === undefined ? null : RoleSchema.safeParse(values.role);
if (role && !role.success) fail(role.error.issues[0]?.message ?? "invalid role");

let config;
try {
  config = readConfig();
} catch (error) {
  fail((error as Error).message);
}

const database = await openDatabase(config, { mode: "attach", seed: false }).catch((error: unknown) => {
  console.error(`create-user: could not open the database: ${(error as Error).message}`);
  process.exit(1);
});

let exitCode = 0;
try {
  const problem = await checkNewPassword(password.data, email.data);
  if (problem) throw new StaffError(problem);
  const user = await createUser({ email: email.data, password: password.data, role: role ? role.data : null });
  await recordAudit({ ip: "cli" }, "staff.user_created", {
    entity: "user",
    entityId: user.id,
    details: { email: user.email, role: role ? role.data : null, via: "create-user" },
  });
  console.log(
    role
      ? `Created ${user.email} with the role ${role.data}.`
      : `Created ${user.email} (no staff access: grant a role from the Users screen or use --role).`,
  );
} catch (error) {
  console.error(`create-user: ${error instanceof StaffError ? error.message : (error as Error).message}`);
  exitCode = 1;
} finally {
  await database.close().catch(() => {});
}
process.exit(exitCode);
