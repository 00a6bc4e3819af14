import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { auditLog } from "../../db/schema.ts";
import { trustees } from "./table.ts";
import { altTextProblem, TrusteeFormSchema } from "./trustees.schema.ts";
import {
  createTrustee,
  deleteTrustee,
  listPublicTrustees,
  listTrusteesForAdmin,
  moveTrustee,
  setTrusteeVisible,
  updateTrustee,
} from "./trustees.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";

setupTestDatabase();

const actor = { userId: null, email: "editor@millbrook.test", ip: "127.0.0.1" };
const names = async () => (await listTrusteesForAdmin()).map((t) => t.name);
const input = (name: string) => ({ name, role: "Trustee", bio: "Lives in Millbrook and helps.", image: null, image_alt: "", is_visible: true });

describe("trustees", () => {
  it("starts from the seeded sample board, in order, with alt text for the portraits", async () => {
    const board = await listPublicTrustees();
    expect(board.sample).toBe(false);
    expect(board.items.map((t) => t.name)).toEqual(["Margaret Ellison", "Raj Patel", "Sophie Turner", "David Okafor"]);
    expect(board.items[0].image_alt).toBe("Illustrated portrait of Margaret Ellison");
  });

  it("adds at the end, moves up and down, and refuses to move past either end", async () => {
    const added = await createTrustee(input("Nadia Green"), actor);
    expect((await names()).at(-1)).toBe("Nadia Green");
    expect(await moveTrustee(added.id, "down", actor)).toBe(false);
    expect(await moveTrustee(added.id, "up", actor)).toBe(true);
    expect((await names()).slice(-2)).toEqual(["Nadia Green", "David Okafor"]);
    const first = (await listTrusteesForAdmin())[0];
    expect(await moveTrustee(first.id, "up", actor)).toBe(false);
    expect(await moveTrustee(added.id, "down", actor)).toBe(true);
    expect((await names()).at(-1)).toBe("Nadia Green");
  });

  it("hidden trustees leave the public page; with every trustee gone the page is empty, never the samples", async () => {
    const [first] = await listTrusteesForAdmin();
    await setTrusteeVisible(first.id, false, actor);
    expect((await listPublicTrustees()).items.map((t) => t.name)).not.toContain(first.name);
    await getDb().delete(trustees);
    expect(await listPublicTrustees()).toEqual({ items: [], sample: false });
  });

  it("updates, records what changed in the audit log, and deletes", async () => {
    const added = await createTrustee(input("Owen Hart"), actor);
    const updated = await updateTrustee(added.id, { ...input("Owen Hart"), role: "Treasurer" }, actor);
    expect(updated?.role).toBe("Treasurer");
    const entries = await getDb().select().from(auditLog).where(eq(auditLog.entity_id, String(added.id)));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(["trustee.created", "trustee.updated"]));
    expect(entries.find((e) => e.action === "trustee.updated")?.details).toMatchObject({ changed: ["role"] });
    expect(await deleteTrustee(added.id, actor)).toBe(true);
    expect(await deleteTrustee(added.id, actor)).toBe(false);
    expect(await updateTrustee(added.id, input("Nobody"), actor)).toBeNull();
  });

  it("asks for alt text for a photo unless it is marked decorative", () => {
    const form = (extra: Record<string, string>) =>
      TrusteeFormSchema.parse({ name: "Ann Lee", role: "Chair", bio: "A long enough biography.", image_alt: "", image_decorative: "", is_visible: "on", ...extra });
    expect(altTextProblem(form({}), true)).toMatch(/Describe the photo/);
    expect(altTextProblem(form({}), false)).toBeNull();
    expect(altTextProblem(form({ image_decorative: "on" }), true)).toBeNull();
    expect(altTextProblem(form({ image_alt: "Ann in the park" }), true)).toBeNull();
    expect(form({ image_decorative: "on", image_alt: "ignored" }).image_alt).toBe("");
  });
});
