/**
 * Self-service password reset: with mail configured, a staff account gets a one-time link
 * (1 hour) by email; the page answers the same whether or not the address is an account;
 * requests are limited per address (and mails per account); without mail the page says
 * whom to ask.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { FORGOT_PER_ACCOUNT, FORGOT_PER_ADDRESS } from "../../app/features/sign-in/forgot-password.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { oneTimeTokens } from "../../app/db/schema.ts";
import { reloadConfig } from "../../app/lib/config.server.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { action, ASK_AN_ADMINISTRATOR, loader } from "../../app/features/sign-in/admin/forgot-password.tsx";
import { action as setPasswordAction } from "../../app/features/sign-in/admin/set-password.tsx";
import { withMailServer } from "../helpers/mail-server.ts";
import { createTestAccount } from "../helpers/staff.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

async function ask(email: string, ip: string) {
  const request = new Request("http://localhost/admin/forgot-password", { method: "POST", body: new URLSearchParams({ email }) });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip, nonce: "", secure: false });
  const answer = (await action({ request, context, params: {} } as never)) as { data?: unknown; init?: ResponseInit } | { sent: boolean };
  return "data" in answer ? { status: answer.init?.status ?? 200, body: answer.data } : { status: 200, body: answer };
}

describe("forgot password, without mail", () => {
  it("offers no form and says to ask an administrator", async () => {
    reloadConfig();
    expect(loader()).toEqual({ mail: false });
    const answer = await ask("someone@example.org", "192.0.2.150");
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ intent: "forgot-password", reply: { status: "error", error: { "": [ASK_AN_ADMINISTRATOR] } } });
  });
});

describe("forgot password, with mail", () => {
  const smtp = withMailServer();

  it("mails a one-time link (1 hour) to a staff account, and answers an unknown address the same", async () => {
    const editor = await createTestAccount({ role: "editor" });
    const known = await ask(editor.email.toUpperCase(), "192.0.2.151");
    const unknown = await ask(`nobody-${Date.now()}@example.org`, "192.0.2.151");
    const outsider = await createTestAccount({ role: null });
    const noStaff = await ask(outsider.email, "192.0.2.151");
    expect(known).toEqual({ status: 200, body: { sent: true } });
    expect(unknown).toEqual(known);
    expect(noStaff).toEqual(known);

    const mails = smtp.mails.filter((m) => m.to.includes(editor.email));
    expect(mails).toHaveLength(1);
    expect(smtp.mails.some((m) => m.to.includes(outsider.email))).toBe(false);
    const link = /http:\/\/localhost(?::\d+)?\/admin\/set-password\/([\w-]+)/.exec(mails[0]!.text);
    expect(link).toBeTruthy();
    const [row] = await getDb().select().from(oneTimeTokens).where(eq(oneTimeTokens.user_id, editor.user.id));
    expect(row!.purpose).toBe("reset");
    const lifetime = row!.expires_at.getTime() - row!.created_at.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 1000);

    // The link sets a new password once.
    const request = new Request(`http://localhost/admin/set-password/${link![1]}`, {
      method: "POST",
      body: new URLSearchParams({ password: "a brand new passphrase 42", confirm: "a brand new passphrase 42" }),
    });
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { ip: "192.0.2.151", nonce: "", secure: false });
    const done = (await setPasswordAction({ request, context, params: { token: link![1]! } } as never)) as Response;
    expect(done.status).toBe(302);
  });

  it(`refuses more than ${FORGOT_PER_ADDRESS} requests from one address in 15 minutes, and mails one account at most ${FORGOT_PER_ACCOUNT} times an hour`, async () => {
    const editor = await createTestAccount({ role: "editor" });
    const statuses: number[] = [];
    for (let i = 0; i < FORGOT_PER_ADDRESS + 2; i++) statuses.push((await ask(editor.email, "192.0.2.152")).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(FORGOT_PER_ADDRESS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    // From other addresses, the same answer, but no more mail to the account.
    for (let i = 0; i < 3; i++) expect((await ask(editor.email, `192.0.2.${160 + i}`)).status).toBe(200);
    expect(smtp.mails.filter((m) => m.to.includes(editor.email))).toHaveLength(FORGOT_PER_ACCOUNT);
  });
});
