/**
 * Passkey options (each a new WebAuthn challenge stored in the database) are limited per
 * address, and the stored challenges cannot grow without bound: anonymous requests from
 * many addresses write at most MAX_ANONYMOUS_CHALLENGES rows.
 */
import { isNull, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { MAX_ANONYMOUS_CHALLENGES, PASSKEY_OPTIONS_PER_MINUTE } from "../../app/auth/passkeys.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { webauthnChallenges } from "../../app/db/schema.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { action as loginPasskeyAction } from "../../app/features/sign-in/admin/login-passkey.ts";
import { action as passkeyOptionsAction } from "../../app/features/sign-in/admin/passkey-options.ts";
import { staffMiddleware } from "../../app/auth/guards.server.ts";
import { recordRefusedAccess } from "../../app/domain/limits/aggregated-audit.server.ts";
import { createSignedInAccount, routeArgs } from "../helpers/staff.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

async function askOptions(ip: string) {
  const request = new Request("http://localhost/admin/login/passkey", { method: "POST", body: new URLSearchParams({ purpose: "sign-in" }) });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip, nonce: "", secure: false });
  return (await loginPasskeyAction({ request, context, params: {} } as never)) as Response;
}

const anonymousRows = async () =>
  (await getDb().select({ n: sql<number>`count(*)::int` }).from(webauthnChallenges).where(isNull(webauthnChallenges.session_id)))[0]!.n;

describe("passkey options", () => {
  it(`are limited to ${PASSKEY_OPTIONS_PER_MINUTE} a minute per address (the rest answered 429, writing nothing)`, async () => {
    const before = await anonymousRows();
    const answers = [];
    for (let i = 0; i < PASSKEY_OPTIONS_PER_MINUTE + 15; i++) answers.push(await askOptions("203.0.113.5"));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PASSKEY_OPTIONS_PER_MINUTE);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(15);
    expect(refused[0]!.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await refused[0]!.json()).toMatchObject({ error: expect.stringContaining("Too many passkey requests") });
    expect((await anonymousRows()) - before).toBe(PASSKEY_OPTIONS_PER_MINUTE);
    // Another address (a /64 for IPv6) is not held up by this one.
    expect((await askOptions("2001:db8:1:2::9")).status).toBe(200);
  });

  it("for a signed-in staff member are limited per address too", async () => {
    const staff = await createSignedInAccount({ role: "editor" });
    const statuses = [];
    for (let i = 0; i < PASSKEY_OPTIONS_PER_MINUTE + 3; i++) {
      const args = routeArgs("/admin/passkey-options", { token: staff.token, method: "POST", ip: "203.0.113.6" });
      const request = new Request(args.request.url, { method: "POST", headers: args.request.headers, body: new URLSearchParams({ purpose: "reauth" }) });
      const withBody = { ...args, request };
      await staffMiddleware("staff", recordRefusedAccess)(withBody as never, async () => new Response());
      statuses.push(((await passkeyOptionsAction(withBody as never)) as Response).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(PASSKEY_OPTIONS_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  });

  it(`many anonymous requests from many addresses keep at most ${MAX_ANONYMOUS_CHALLENGES} challenges`, async () => {
    const requests = MAX_ANONYMOUS_CHALLENGES + 300;
    for (let start = 0; start < requests; start += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, requests - start) }, (_, i) => askOptions(`198.18.${Math.floor((start + i) / 200)}.${((start + i) % 200) + 1}`)),
      );
    }
    const rows = await anonymousRows();
    console.log(`anonymous challenges stored after ${requests} requests from ${requests} addresses: ${rows}`);
    expect(rows).toBeLessThanOrEqual(MAX_ANONYMOUS_CHALLENGES);
    expect(rows).toBeGreaterThan(0);
  }, 120_000);
});
