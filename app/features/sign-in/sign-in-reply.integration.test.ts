/**
 * The sign-in screens' refusals as Conform's reply: the same terse messages as before, the
 * throttle still answering before the password is looked at, and no password or code ever
 * carried back in the reply's values (the page would put them in its HTML and its data).
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { staffMiddleware } from "../../auth/guards.server.ts";
import { createOneTimeLink } from "../../auth/one-time-links.server.ts";
import { sessionCookieName } from "../../auth/session.server.ts";
import { recordRefusedAccess } from "../../domain/limits/aggregated-audit.server.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { action as accountAction, WRONG_CURRENT_PASSWORD } from "./admin/account.tsx";
import { action as loginAction } from "./admin/login.tsx";
import { action as verifyAction, WRONG_CODE } from "./admin/login-verify.tsx";
import { action as reauthAction, REAUTH_FAILED } from "./admin/reauth.tsx";
import { action as setPasswordAction } from "./admin/set-password.tsx";
import { action as enrolLinkAction, WRONG_PASSWORD } from "./admin/enrol-link.tsx";
import { createSignedInAccount, createTestAccount, TEST_PASSWORD } from "../../../tests/helpers/staff.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";

setupTestDatabase();

const LOGIN_FAILED = "Failed to sign in. Please check your credentials.";
const SERVER_BUSY = "Server is busy. Please wait a moment and try again.";

/** A POST as the browser sends it (Origin, cookie), through the admin layout's middleware when `staff`. */
async function post(path: string, body: Record<string, string>, options: { token?: string; staff?: boolean; ip?: string } = {}) {
  const headers: Record<string, string> = { Origin: "http://localhost" };
  if (options.token) headers.Cookie = `${sessionCookieName(false)}=${options.token}`;
  const request = new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(body) });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: options.ip ?? "192.0.2.210", nonce: "", secure: false });
  const args = { request, context, params: {} };
  if (options.staff) await staffMiddleware("staff", recordRefusedAccess)(args as never, async () => new Response());
  return args as never;
}

/** What an action answered: its status, Retry-After and the answer's data (a redirect: none). */
async function answer(promise: Promise<unknown>) {
  const result = await promise.catch((thrown: unknown) => thrown);
  if (result instanceof Response) return { status: result.status, retryAfter: result.headers.get("Retry-After"), data: null };
  const { data, init } = result as { data: unknown; init?: ResponseInit | null };
  return { status: init?.status ?? 200, retryAfter: new Headers(init?.headers).get("Retry-After"), data };
}

describe("sign-in refusals as Conform's reply", () => {
  it("answers a wrong password and an unknown email alike, keeps the email and never the password", async () => {
    const account = await createTestAccount({ role: "editor" });
    const typed = "my-secret-guess-8hq2";
    const wrong = await answer(loginAction(await post("/admin/login", { email: account.email, password: typed, redirectTo: "/admin/events" }, { ip: "192.0.2.211" })));
    const unknown = await answer(loginAction(await post("/admin/login", { email: "nobody-here@example.org", password: typed }, { ip: "192.0.2.212" })));
    for (const [refused, email] of [[wrong, account.email], [unknown, "nobody-here@example.org"]] as const) {
      expect(refused).toMatchObject({ status: 401, data: { intent: "sign-in", busy: false, reply: { status: "error", error: { "": [LOGIN_FAILED] } } } });
      expect(refused.data).toMatchObject({ reply: { initialValue: { email } } });
      expect(JSON.stringify(refused.data)).not.toContain(typed);
    }
  });

  it("answers a throttled attempt with the same busy message whether the password is right or not", async () => {
    const account = await createTestAccount({ role: "editor" });
    // The account's first failure blocks it for a moment (no free failures per account).
    const first = await answer(loginAction(await post("/admin/login", { email: account.email, password: "wrong password one" }, { ip: "192.0.2.213" })));
    expect(first.status).toBe(401);
    const right = await answer(loginAction(await post("/admin/login", { email: account.email, password: TEST_PASSWORD }, { ip: "192.0.2.213" })));
    const wrong = await answer(loginAction(await post("/admin/login", { email: account.email, password: "wrong password two" }, { ip: "192.0.2.213" })));
    for (const throttled of [right, wrong]) {
      expect(throttled).toMatchObject({ status: 429, data: { busy: true, reply: { error: { "": [SERVER_BUSY] } } } });
      expect(Number(throttled.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expect(JSON.stringify(right.data)).not.toContain(TEST_PASSWORD);
    // Both answers say the same thing: nothing tells the right password from the wrong one.
    const shape = (a: typeof right) => ({ status: a.status, error: (a.data as { reply: { error: unknown } }).reply.error });
    expect(shape(right)).toEqual(shape(wrong));
  });

  it("never sends back a second-step code, a re-authentication password or a changed password", async () => {
    const pending = await createSignedInAccount({ role: "editor", pending: "verify" });
    const code = await answer(verifyAction(await post("/admin/login/verify", { code: "000111" }, { token: pending.token, ip: "192.0.2.214" })));
    expect(code).toMatchObject({ status: 401, data: { intent: "verify", reply: { error: { "": [WRONG_CODE] } } } });
    expect(JSON.stringify(code.data)).not.toContain("000111");

    const editor = await createSignedInAccount({ role: "editor" });
    const reauth = await answer(reauthAction(await post("/admin/reauth", { password: "not-it-reauth-77", redirectTo: "/admin/users" }, { token: editor.token, staff: true })));
    expect(reauth).toMatchObject({ status: 400, data: { intent: "reauth", reply: { error: { "": [REAUTH_FAILED] } } } });
    expect(JSON.stringify(reauth.data)).not.toContain("not-it-reauth-77");

    const other = await createSignedInAccount({ role: "editor" });
    const change = await answer(
      accountAction(await post("/admin/account", { intent: "password", current: "not-current-55", password: "a new long password 1", confirm: "a new long password 1" }, { token: other.token, staff: true })),
    );
    expect(change).toMatchObject({ status: 400, data: { intent: "password", reply: { error: { current: [WRONG_CURRENT_PASSWORD] } } } });
    for (const secret of ["not-current-55", "a new long password 1"]) expect(JSON.stringify(change.data)).not.toContain(secret);
  });

  it("refuses a wrong password on an enrolment link, then throttles the account, never sending a password back", async () => {
    const account = await createTestAccount({ role: "editor" });
    const link = await createOneTimeLink("enrol", { userId: account.user.id });
    const typed = "not-the-password-93k";
    const refused = await answer(enrolLinkAction({ ...((await post(link.path, { password: typed }, { ip: "192.0.2.215" })) as object), params: { token: link.token } } as never));
    expect(refused).toMatchObject({ status: 401, data: { intent: "enrol-link", reply: { status: "error", error: { password: [WRONG_PASSWORD] } } } });
    expect(JSON.stringify(refused.data)).not.toContain(typed);
    // The account's first failure blocks it for a moment, the right password too: the form's own message.
    const throttled = await answer(enrolLinkAction({ ...((await post(link.path, { password: TEST_PASSWORD }, { ip: "192.0.2.216" })) as object), params: { token: link.token } } as never));
    expect(throttled).toMatchObject({ status: 429, data: { intent: "enrol-link", reply: { error: { "": [SERVER_BUSY] } } } });
    expect(Number(throttled.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(throttled.data)).not.toContain(TEST_PASSWORD);
  });

  it("refuses a short new password on a set-password link without sending it back, and leaves the link usable", async () => {
    const account = await createTestAccount({ role: "editor" });
    const link = await createOneTimeLink("reset", { userId: account.user.id });
    const args = await post(link.path, { password: "short-one", confirm: "short-one" });
    const refused = await answer(setPasswordAction({ ...(args as object), params: { token: link.token } } as never));
    expect(refused).toMatchObject({ status: 400, data: { intent: "set-password", reply: { error: { password: [expect.any(String)] } } } });
    expect(JSON.stringify(refused.data)).not.toContain("short-one");
    const done = await answer(setPasswordAction({ ...((await post(link.path, { password: "a long enough password", confirm: "a long enough password" })) as object), params: { token: link.token } } as never));
    expect(done.status).toBe(302);
  });
});
