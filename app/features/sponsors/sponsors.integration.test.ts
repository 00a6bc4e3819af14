/**
 * Sponsors against a real database: the order staff give them (the shared move up/down),
 * History (each change kept, a restore through the form's checks), the audit sentences,
 * the public list, and who may change them (the admin layout's session check).
 */
import { desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { auditLog } from "../../db/schema.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { describeAction } from "../../domain/audit/describe.ts";
import { listRevisions } from "../../domain/revisions/revisions.server.ts";
import { sessionCookieName } from "../../auth/session.server.ts";
import { throughLayouts } from "../../../tests/helpers/route-table.ts";
import { createSignedInAccount } from "../../../tests/helpers/staff.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { action as listAction } from "./admin/sponsors.tsx";
import { historySubjects } from "./history.server.ts";
import { createSponsor, getSponsor, listPublicSponsors, listSponsorsForAdmin, moveSponsor, setSponsorVisible, updateSponsor } from "./sponsors.server.ts";

setupTestDatabase();

const actor = { userId: null, email: "editor@millbrook.test", ip: "127.0.0.1" };
const input = (name: string) => ({ name, url: `https://${name.toLowerCase().replace(/\W+/g, "-")}.example.org`, image: null, image_alt: "", is_visible: true });
const names = async () => (await listSponsorsForAdmin()).map((s) => s.name);

function post(fields: Record<string, string>, token?: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const headers = new Headers({ Origin: "http://localhost" });
  if (token) headers.set("Cookie", `${sessionCookieName(false)}=${token}`);
  const request = new Request("http://localhost/admin/sponsors", { method: "POST", headers, body });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "127.0.0.1", nonce: "", secure: false });
  return { request, params: {}, context, unstable_pattern: "" };
}

describe("sponsors", () => {
  it("adds at the end, moves up and down through the shared mechanism, and refuses to move past either end", async () => {
    const a = await createSponsor(input("Alder Joinery"), actor);
    const b = await createSponsor(input("Birch Dental"), actor);
    const c = await createSponsor(input("Cedar Books"), actor);
    expect((await names()).slice(-3)).toEqual(["Alder Joinery", "Birch Dental", "Cedar Books"]);
    expect(await moveSponsor(c.id, "down", actor)).toBe(false);
    expect(await moveSponsor(c.id, "up", actor)).toBe(true);
    expect((await names()).slice(-3)).toEqual(["Alder Joinery", "Cedar Books", "Birch Dental"]);
    expect(await moveSponsor(a.id, "down", actor)).toBe(true);
    expect((await names()).slice(-3)).toEqual(["Cedar Books", "Alder Joinery", "Birch Dental"]);
    // Two quick clicks at once: each gets its own place, none shares one.
    await Promise.all([moveSponsor(b.id, "up", actor), moveSponsor(b.id, "up", actor)]);
    const orders = (await listSponsorsForAdmin()).map((s) => s.sort_order);
    expect(new Set(orders).size).toBe(orders.length);
    // The public list follows the order and leaves hidden ones out.
    await setSponsorVisible(a.id, false, actor);
    const shown = (await listPublicSponsors()).map((s) => s.name);
    expect(shown).not.toContain("Alder Joinery");
    expect(shown.indexOf("Birch Dental")).toBeLessThan(shown.indexOf("Cedar Books"));
    const [moved] = await getDb().select().from(auditLog).where(eq(auditLog.action, "sponsor.moved")).orderBy(desc(auditLog.id)).limit(1);
    expect(describeAction(moved.actor_email, moved.action)).toBe("editor@millbrook.test moved a sponsor");
  });

  it("keeps each change in History and restores an earlier version through the form's checks", async () => {
    const sponsor = await createSponsor(input("Elm Street Cafe"), actor);
    await updateSponsor(sponsor.id, { name: "Elm Street Café", url: "https://elm-street.example.org", image_alt: "", is_visible: true }, actor);
    const revisions = await listRevisions("sponsor", sponsor.id);
    expect(revisions).toHaveLength(2);
    const first = revisions.at(-1)!;
    expect(first.data).toMatchObject({ name: "Elm Street Cafe" });
    const subject = (await historySubjects.sponsor(String(sponsor.id), sponsor.id))!;
    expect(subject.editPath).toBe(`/admin/sponsors/edit/${sponsor.id}`);
    expect(subject.labels.url).toBe("Website");
    expect(await subject.restore(first.data, actor)).toBe(true);
    expect(await getSponsor(sponsor.id)).toMatchObject({ name: "Elm Street Cafe", url: "https://elm-street-cafe.example.org" });
    expect(await listRevisions("sponsor", sponsor.id)).toHaveLength(3);
    // A version that no longer passes the form's checks is not restored.
    expect(await subject.restore({ ...first.data, url: "not a web address" }, actor)).toBe(false);
  });

  it("lets only signed-in staff change the list: a visitor is sent to sign in and nothing changes", async () => {
    const sponsor = await createSponsor(input("Fir Tree Nursery"), actor);
    const refused = await throughLayouts("features/sponsors/admin/sponsors.tsx", listAction, post({ intent: "hide", id: String(sponsor.id) }) as never).catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("Location")).toMatch(/^\/admin\/login/);
    expect((await getSponsor(sponsor.id))!.is_visible).toBe(true);

    const { token } = await createSignedInAccount({ role: "editor" });
    const done = (await throughLayouts("features/sponsors/admin/sponsors.tsx", listAction, post({ intent: "hide", id: String(sponsor.id) }, token) as never)) as Response;
    expect(done.status).toBe(302);
    expect((await getSponsor(sponsor.id))!.is_visible).toBe(false);
  });
});
