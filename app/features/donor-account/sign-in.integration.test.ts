/**
 * Donors sign in by a link mailed to them (real PostgreSQL, the loopback SMTP server): the
 * page answers known and unknown addresses alike and mails only known ones; a link works
 * once, for 30 minutes, and a guessed one never; requests are limited per client and per
 * address; the session is the donor's own cookie, private and short-lived.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { donations } from "../giving/table.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { withMailServer } from "../../../tests/helpers/mail-server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { action as manageAction, loader as manageLoader } from "./manage-page.tsx";
import { action as signInAction, loader as signInLoader } from "./sign-in-page.tsx";
import { deleteExpiredDonorAccess, LINKS_PER_ADDRESS, LINKS_PER_CLIENT } from "./sign-in.server.ts";
import { donorSessions, donorSignInLinks } from "./table.ts";

setupTestDatabase();
const smtp = withMailServer({ PUBLIC_URL: "http://localhost:5999" });

let n = 0;
async function donorWithGift(amountPence = 2500) {
  const email = `donor-${Date.now()}-${++n}@example.org`;
  await getDb().insert(donations).values({ reference: `MCF-T${Date.now()}${n}`, amount_pence: amountPence, mode: "one-off", email });
  return email;
}

function context(ip: string) {
  const provider = new RouterContextProvider();
  provider.set(requestInfoContext, { ip, secure: false });
  return provider;
}

type Answer = { status: number; body: unknown; headers: Headers };

async function answerOf(result: unknown): Promise<Answer> {
  if (result instanceof Response) return { status: result.status, body: null, headers: result.headers };
  const r = result as { data: unknown; init?: ResponseInit | null };
  return { status: r.init?.status ?? 200, body: r.data, headers: new Headers(r.init?.headers) };
}

async function askForLink(email: string, ip: string) {
  const request = new Request("http://localhost/manage-giving", { method: "POST", body: new URLSearchParams({ intent: "sign-in-link", email }) });
  return answerOf(await manageAction({ request, context: context(ip), params: {} } as never));
}

const linkIn = (text: string) => /http:\/\/localhost:5999\/manage-giving\/sign-in\/([\w-]+)/.exec(text)?.[1] ?? null;
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

async function follow(token: string, ip = "192.0.2.10") {
  const get = await answerOf(await signInLoader({ request: new Request(`http://localhost/manage-giving/sign-in/${token}`), context: context(ip), params: { token } } as never));
  const post = await answerOf(
    await signInAction({ request: new Request(`http://localhost/manage-giving/sign-in/${token}`, { method: "POST" }), context: context(ip), params: { token } } as never),
  );
  return { get, post, cookie: post.headers.get("Set-Cookie") };
}

async function pageFor(cookie: string | null) {
  const headers = cookie ? { Cookie: cookie.split(";")[0] } : undefined;
  const answer = await answerOf(await manageLoader({ request: new Request("http://localhost/manage-giving", { headers }), context: context("192.0.2.10"), params: {} } as never));
  return answer as Answer & { body: { view: { email: string } | null } };
}

describe("asking for a sign-in link", () => {
  it("answers a known and an unknown address alike, and mails only the known one", async () => {
    const known = await donorWithGift();
    const unknown = `nobody-${Date.now()}@example.org`;
    const a = await askForLink(known.toUpperCase(), "192.0.2.1");
    const b = await askForLink(unknown, "192.0.2.1");
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    // The same answer, apart from the address typed (shown back to the person who typed it).
    expect({ ...(b.body as object), sent: "x" }).toEqual({ ...(a.body as object), sent: "x" });
    expect(a.headers.get("Cache-Control")).toBe("private, no-store");
    expect(mailsTo(known)).toHaveLength(1);
    expect(mailsTo(unknown)).toHaveLength(0);
    expect(linkIn(mailsTo(known)[0]!.text)).toMatch(/^[\w-]{43}$/);
  });

  it("refuses a malformed address with a message and mails nothing", async () => {
    const before = smtp.mails.length;
    const answer = await askForLink("not an address", "192.0.2.2");
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ intent: "sign-in-link", reply: { error: { "": ["Enter your email address, like name@example.com"] }, initialValue: { email: "not an address" } } });
    expect(smtp.mails.length).toBe(before);
  });
});

describe("the sign-in link", () => {
  it("works once: the first use signs in, the second is refused", async () => {
    const email = await donorWithGift();
    await askForLink(email, "192.0.2.3");
    const token = linkIn(mailsTo(email)[0]!.text)!;
    const first = await follow(token);
    expect(first.get.status).toBe(200);
    expect(first.post.status).toBe(303);
    expect(first.cookie).toMatch(/^mcf_donor=[\w-]{43}; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/);
    expect((await pageFor(first.cookie)).body.view?.email).toBe(email);

    const again = await follow(token);
    expect(again.get.status).toBe(404);
    expect(again.post.status).toBe(404);
    expect(again.cookie).toBeNull();
  });

  it("two uses at the same moment: exactly one signs in", async () => {
    const email = await donorWithGift();
    await askForLink(email, "192.0.2.4");
    const token = linkIn(mailsTo(email)[0]!.text)!;
    const results = await Promise.all(Array.from({ length: 5 }, () => follow(token)));
    expect(results.filter((r) => r.post.status === 303)).toHaveLength(1);
  });

  it("expires after 30 minutes", async () => {
    const email = await donorWithGift();
    await askForLink(email, "192.0.2.5");
    const [row] = await getDb().select().from(donorSignInLinks).where(eq(donorSignInLinks.email, email));
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBeGreaterThan(29 * 60_000);
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBeLessThanOrEqual(30 * 60_000 + 1000);
    await getDb().update(donorSignInLinks).set({ expires_at: sql`now() - interval '1 second'` }).where(eq(donorSignInLinks.id, row!.id));
    const token = linkIn(mailsTo(email)[0]!.text)!;
    const late = await follow(token);
    expect(late.get.status).toBe(404);
    expect(late.post.status).toBe(404);
  });

  it("is replaced by a newer link; guessed and malformed tokens are refused", async () => {
    const email = await donorWithGift();
    await askForLink(email, "192.0.2.6");
    await askForLink(email, "192.0.2.6");
    const [older, newer] = mailsTo(email).map((m) => linkIn(m.text)!);
    expect((await follow(older!)).post.status).toBe(404);
    // The newer link with its last character changed (to one it does not already end in).
    const nearMiss = `${newer!.slice(0, -1)}${newer!.endsWith("A") ? "B" : "A"}`;
    for (const guess of [randomBytes(32).toString("base64url"), "short", "../../admin", nearMiss]) {
      const answer = await follow(guess);
      expect(answer.post.status).toBe(404);
      expect(answer.cookie).toBeNull();
    }
    expect((await follow(newer!)).post.status).toBe(303);
  });
});

describe("limits", () => {
  it(`refuses more than ${LINKS_PER_CLIENT} requests from one client in 15 minutes (429, Retry-After); another client is not affected`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LINKS_PER_CLIENT + 3; i++) statuses.push((await askForLink(`limit-${i}-${Date.now()}@example.org`, "198.51.100.77")).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LINKS_PER_CLIENT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const limited = await askForLink("someone@example.org", "198.51.100.77");
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await askForLink("someone@example.org", "198.51.100.78")).status).toBe(200);
  });

  it(`mails one address at most ${LINKS_PER_ADDRESS} links an hour, from any number of clients, answering the same`, async () => {
    const email = await donorWithGift();
    const answers = [];
    for (let i = 0; i < LINKS_PER_ADDRESS + 3; i++) answers.push(await askForLink(email, `203.0.113.${i + 1}`));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(mailsTo(email)).toHaveLength(LINKS_PER_ADDRESS);
  });
});

describe("the donor session", () => {
  it("is not the staff session, ends when it expires or on sign-out, and an unknown cookie is nobody", async () => {
    const email = await donorWithGift();
    await askForLink(email, "192.0.2.9");
    const { cookie } = await follow(linkIn(mailsTo(email)[0]!.text)!);
    const token = cookie!.split(";")[0]!.split("=")[1]!;
    expect((await pageFor(`mcf_session=${token}`)).body.view).toBeNull();
    expect((await pageFor(`mcf_donor=${randomBytes(32).toString("base64url")}`)).body.view).toBeNull();
    const page = await pageFor(cookie);
    expect(page.body.view?.email).toBe(email);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");

    const out = await answerOf(
      await manageAction({
        request: new Request("http://localhost/manage-giving", { method: "POST", headers: { Cookie: cookie!.split(";")[0]! }, body: new URLSearchParams({ intent: "sign-out" }) }),
        context: context("192.0.2.9"),
        params: {},
      } as never),
    );
    expect(out.status).toBe(303);
    expect(out.headers.get("Set-Cookie")).toMatch(/^mcf_donor=; .*Max-Age=0/);
    expect((await pageFor(cookie)).body.view).toBeNull();

    await askForLink(email, "192.0.2.9");
    const second = await follow(linkIn(mailsTo(email).at(-1)!.text)!);
    await getDb().update(donorSessions).set({ expires_at: sql`now() - interval '1 second'` }).where(eq(donorSessions.email, email));
    expect((await pageFor(second.cookie)).body.view).toBeNull();
    // Housekeeping removes what can no longer work.
    expect(await deleteExpiredDonorAccess()).toBeGreaterThanOrEqual(1);
    expect(await getDb().select().from(donorSessions).where(eq(donorSessions.email, email))).toHaveLength(0);
  });
});
