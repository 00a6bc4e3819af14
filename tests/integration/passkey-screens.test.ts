/**
 * The passkey screens' server side, called as React Router calls them (through the admin
 * layouts' middleware where they sit under one), answered by a software passkey: options
 * and re-authentication before adding one, re-authentication with a passkey, removal
 * (re-authentication; an administrator keeps their last factor), and sign-in with a
 * passkey alone on the login page.
 */
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { staffMiddleware } from "../../app/auth/guards.server.ts";
import { recordRefusedAccess } from "../../app/domain/limits/aggregated-audit.server.ts";
import { listPasskeys } from "../../app/auth/passkeys.server.ts";
import { lookupSession, sessionCookieName } from "../../app/auth/session.server.ts";
import { factorSummary, replaceRecoveryCodes } from "../../app/auth/two-factor.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { sessions } from "../../app/db/schema.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { action as accountPasskeysAction, LAST_FACTOR_MESSAGE, PASSKEY_NOT_ADDED } from "../../app/features/sign-in/admin/account-passkeys.tsx";
import { action as loginPasskeyAction } from "../../app/features/sign-in/admin/login-passkey.ts";
import { action as loginAction } from "../../app/features/sign-in/admin/login.tsx";
import { action as passkeyOptionsAction } from "../../app/features/sign-in/admin/passkey-options.ts";
import { action as reauthAction } from "../../app/features/sign-in/admin/reauth.tsx";
import { createSignedInAccount } from "../helpers/staff.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { SoftPasskey, type AnswerOptions } from "../helpers/webauthn.ts";

setupTestDatabase();

const ORIGIN = "http://localhost";

/** A POST as the browser sends it (Origin, cookie), with the admin layout's middleware run when `staff`. */
async function post(path: string, body: Record<string, string>, options: { token?: string; staff?: boolean } = {}) {
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (options.token) headers.Cookie = `${sessionCookieName(false)}=${options.token}`;
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(body) });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "192.0.2.120", nonce: "", secure: false });
  const args = { request, context, params: {} };
  if (options.staff) await staffMiddleware("staff", recordRefusedAccess)(args as never, async () => new Response());
  return args as never;
}

/** What an action answered or threw: status, Location and the value. */
async function outcome(promise: Promise<unknown>) {
  const result = await promise.then(
    (value) => value,
    (thrown: unknown) => thrown,
  );
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), response: result, data: null };
  const init = (result as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, location: null, response: null, data: (result as { data?: unknown }).data ?? result };
}

async function verifiedMinutesAgo(sessionId: string, minutes: number) {
  await getDb()
    .update(sessions)
    .set({ verified_at: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(sessions.id, sessionId));
}

/** Adds a passkey through My account's options endpoint and action; the action's outcome. */
async function addPasskey(token: string, passkey: SoftPasskey, name: string, answer: AnswerOptions = {}) {
  const options = (await (await (passkeyOptionsAction(await post("/admin/passkey-options", { purpose: "register" }, { token, staff: true })) as Promise<Response>)).json()) as {
    options?: { challenge: string; user: { id: string } };
    reauth?: string;
  };
  if (!options.options) return { reauth: options.reauth };
  const response = passkey.register(options.options, answer);
  return outcome(accountPasskeysAction(await post("/admin/account/passkeys", { intent: "add-passkey", response, name }, { token, staff: true })));
}

describe("passkey screens", () => {
  it("adds a first passkey with recovery codes; a further one needs a recent check, asked for before the browser is", async () => {
    const editor = await createSignedInAccount({ role: "editor" });
    const first = await addPasskey(editor.token, new SoftPasskey(ORIGIN), "Laptop");
    expect(first).toMatchObject({ status: 200, data: { codes: expect.arrayContaining([expect.stringMatching(/^\w{5}-\w{5}$/)]) } });
    expect(await factorSummary(editor.user.id)).toMatchObject({ passkeys: 1, recoveryCodesLeft: 10 });

    await verifiedMinutesAgo(editor.sessionId, 11);
    expect(await addPasskey(editor.token, new SoftPasskey(ORIGIN), "Phone")).toEqual({ reauth: "/admin/reauth?redirectTo=%2Fadmin%2Faccount%2Fpasskeys" });
    // The action refuses too, whatever the page did.
    const direct = await outcome(accountPasskeysAction(await post("/admin/account/passkeys", { intent: "add-passkey", response: "{}", name: "x" }, { token: editor.token, staff: true })));
    expect(direct.location).toBe("/admin/reauth?redirectTo=%2Fadmin%2Faccount%2Fpasskeys");
    expect(await listPasskeys(editor.user.id)).toHaveLength(1);

    await verifiedMinutesAgo(editor.sessionId, 1);
    const second = await addPasskey(editor.token, new SoftPasskey(ORIGIN), "Phone");
    expect(second).toMatchObject({ status: 302, location: "/admin/account/passkeys" });
    expect((await listPasskeys(editor.user.id)).map((p) => p.name)).toEqual(["Laptop", "Phone"]);
  });

  it("a refused passkey answers the form's message, and its reply carries nothing of the browser's answer back", async () => {
    const editor = await createSignedInAccount({ role: "editor" });
    const passkey = new SoftPasskey(ORIGIN);
    // Made for another site: the server does not verify it.
    const refused = await addPasskey(editor.token, passkey, "Laptop", { origin: "http://elsewhere.example" });
    expect(refused).toMatchObject({ status: 400, data: { intent: "add-passkey", reply: { status: "error", error: { "": [PASSKEY_NOT_ADDED] } } } });
    expect(refused).not.toMatchObject({ data: { reply: { initialValue: { response: expect.anything() } } } });
    const sent = JSON.stringify(refused);
    expect(sent).not.toContain(passkey.id);
    expect(sent).not.toContain("clientDataJSON");
    expect(sent).not.toContain("attestationObject");
    expect(await listPasskeys(editor.user.id)).toHaveLength(0);
    expect(await factorSummary(editor.user.id)).toMatchObject({ hasFactor: false, recoveryCodesLeft: 0 });
  });

  it("re-authenticates with a passkey; a stranger's passkey does not", async () => {
    const editor = await createSignedInAccount({ role: "editor" });
    const passkey = new SoftPasskey(ORIGIN);
    await addPasskey(editor.token, passkey, "Laptop");
    await verifiedMinutesAgo(editor.sessionId, 11);
    const reauthOptions = async () =>
      ((await (await (passkeyOptionsAction(await post("/admin/passkey-options", { purpose: "reauth" }, { token: editor.token, staff: true })) as Promise<Response>)).json()) as {
        options: { challenge: string };
      }).options;

    const stranger = new SoftPasskey(ORIGIN);
    const refused = await outcome(
      reauthAction(await post("/admin/reauth", { intent: "passkey", response: stranger.authenticate(await reauthOptions()), redirectTo: "/admin/users" }, { token: editor.token, staff: true })),
    );
    expect(refused.status).toBe(400);
    const before = await lookupSession(editor.token);
    expect(before.status === "active" && before.session.verifiedAgoMs).toBeGreaterThan(10 * 60 * 1000);

    await new Promise((r) => setTimeout(r, 1100)); // the refused attempt's back-off
    const ok = await outcome(
      reauthAction(await post("/admin/reauth", { intent: "passkey", response: passkey.authenticate(await reauthOptions()), redirectTo: "/admin/users" }, { token: editor.token, staff: true })),
    );
    expect(ok).toMatchObject({ status: 302, location: "/admin/users" });
    const after = await lookupSession(editor.token);
    expect(after.status === "active" && after.session.verifiedAgoMs).toBeLessThan(60 * 1000);
  });

  it("removing needs a recent check; an administrator's last factor stays; an editor's last passkey takes the recovery codes with it", async () => {
    const admin = await createSignedInAccount({ role: "administrator" });
    await addPasskey(admin.token, new SoftPasskey(ORIGIN), "Key");
    const [adminKey] = await listPasskeys(admin.user.id);
    const kept = await outcome(accountPasskeysAction(await post("/admin/account/passkeys", { intent: "remove", passkeyId: adminKey!.id }, { token: admin.token, staff: true })));
    expect(kept).toMatchObject({ status: 400, data: { intent: "remove", reply: { status: "error", error: { "": [LAST_FACTOR_MESSAGE] } } } });
    expect(await listPasskeys(admin.user.id)).toHaveLength(1);

    const editor = await createSignedInAccount({ role: "editor" });
    await addPasskey(editor.token, new SoftPasskey(ORIGIN), "Key");
    await replaceRecoveryCodes(editor.user.id);
    const [editorKey] = await listPasskeys(editor.user.id);
    await verifiedMinutesAgo(editor.sessionId, 11);
    const refused = await outcome(accountPasskeysAction(await post("/admin/account/passkeys", { intent: "remove", passkeyId: editorKey!.id }, { token: editor.token, staff: true })));
    expect(refused.location).toBe("/admin/reauth?redirectTo=%2Fadmin%2Faccount%2Fpasskeys");
    expect(await listPasskeys(editor.user.id)).toHaveLength(1);
    // Someone else's passkey id removes nothing.
    await verifiedMinutesAgo(editor.sessionId, 1);
    const foreign = await outcome(accountPasskeysAction(await post("/admin/account/passkeys", { intent: "remove", passkeyId: adminKey!.id }, { token: editor.token, staff: true })));
    expect(foreign.status).toBe(302);
    expect(await listPasskeys(admin.user.id)).toHaveLength(1);

    const removed = await outcome(accountPasskeysAction(await post("/admin/account/passkeys", { intent: "remove", passkeyId: editorKey!.id }, { token: editor.token, staff: true })));
    expect(removed).toMatchObject({ status: 302, location: "/admin/account/passkeys" });
    expect(await factorSummary(editor.user.id)).toMatchObject({ hasFactor: false, passkeys: 0, recoveryCodesLeft: 0 });
  });

  it("the login page signs in with a passkey alone (a full session cookie); a refused one gets the message and no session", async () => {
    const editor = await createSignedInAccount({ role: "editor" });
    const passkey = new SoftPasskey(ORIGIN);
    await addPasskey(editor.token, passkey, "Key");
    const signInOptions = async () =>
      ((await (await (loginPasskeyAction(await post("/admin/login/passkey", { purpose: "sign-in" })) as Promise<Response>)).json()) as { options: { challenge: string } }).options;

    const ok = await outcome(loginAction(await post("/admin/login", { intent: "passkey", response: passkey.authenticate(await signInOptions()), redirectTo: "/admin/events" })));
    expect(ok).toMatchObject({ status: 302, location: "/admin/events" });
    const cookie = ok.response!.headers.get("Set-Cookie")!;
    const token = /mcf_session=([\w-]+)/.exec(cookie)![1]!;
    const lookup = await lookupSession(token);
    expect(lookup.status === "active" && lookup.session).toMatchObject({ userId: editor.user.id, pending: null });

    const sessionCount = async () => (await getDb().select().from(sessions)).length;
    const before = await sessionCount();
    const refused = await outcome(loginAction(await post("/admin/login", { intent: "passkey", response: new SoftPasskey(ORIGIN).authenticate(await signInOptions()) })));
    expect(refused).toMatchObject({
      status: 401,
      data: { intent: "sign-in", reply: { error: { "": ["That passkey did not sign you in. Try again, or sign in with your email and password."] } } },
    });
    expect(await sessionCount()).toBe(before);

    // The second-step options need a pending session.
    const noSession = await outcome(loginPasskeyAction(await post("/admin/login/passkey", { purpose: "verify" })));
    expect(noSession.status).toBe(302);
    expect(noSession.location).toMatch(/^\/admin\/login/);
  });
});
