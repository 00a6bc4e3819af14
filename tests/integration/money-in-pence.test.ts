/**
 * Money is kept in pence: a cause's goal typed as "£1,250.50" or "1250.5" on the staff form
 * is stored as 125050 pence and shown back as "£1,250.50" (the list, the public card's
 * figures) and "1250.50" (the form). Through the layouts' middleware, as React Router runs
 * the action and the loader.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { sessionCookieName } from "../../app/auth/session.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { causes } from "../../app/features/causes/table.ts";
import { listCauses } from "../../app/features/causes/causes.server.ts";
import { formatPence } from "../../app/lib/money.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { action as causeAction, loader as causeLoader } from "../../app/features/causes/admin/cause-form.tsx";
import { throughLayouts } from "../helpers/route-table.ts";
import { createSignedInAccount } from "../helpers/staff.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

async function request(url: string, fields?: Record<string, string>) {
  const { token } = await createSignedInAccount({ role: "editor" });
  let body: FormData | undefined;
  if (fields) {
    body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
  }
  const req = new Request(new URL(url, "http://localhost"), { method: fields ? "POST" : "GET", headers: { Cookie: `${sessionCookieName(false)}=${token}` }, body });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "127.0.0.1", nonce: "", secure: false });
  return { request: req, context, params: {} as Record<string, string> };
}

describe("a cause's amounts in pence", () => {
  for (const typed of ["£1,250.50", "1250.5"]) {
    it(`a goal typed as "${typed}" is stored as 125050 pence and shown back as £1,250.50`, async () => {
      const title = `Pence test ${typed} ${Date.now()}`;
      const args = await request("/admin/causes/new", { title, description: "Benches for the park, ten of them.", goal: typed, raised: "£10.05", image_alt: "", is_visible: "on" });
      const response = (await throughLayouts("features/causes/admin/cause-form.tsx", causeAction, args as never)) as Response;
      expect(response.status).toBe(302);
      const [row] = await getDb().select().from(causes).where(eq(causes.title, title));
      expect([row!.goal_pence, row!.raised_pence]).toEqual([125_050, 1005]);

      const shown = (await listCauses()).items.find((c) => c.title === title)!;
      expect(formatPence(shown.goal_pence)).toBe("£1,250.50");
      expect(formatPence(shown.raised_pence)).toBe("£10.05");

      const edit = await request(`/admin/causes/edit/${row!.id}`);
      const loaded = (await throughLayouts("features/causes/admin/cause-form.tsx", causeLoader, { ...edit, params: { id: String(row!.id) } } as never)) as { values: Record<string, string> };
      expect(loaded.values).toMatchObject({ goal: "1250.50", raised: "10.05" });
    });
  }

  it("refuses an amount it would have to round, and saves nothing", async () => {
    const title = `Pence refused ${Date.now()}`;
    const args = await request("/admin/causes/new", { title, description: "Benches for the park, ten of them.", goal: "1250.505", raised: "0", image_alt: "", is_visible: "on" });
    const result = (await throughLayouts("features/causes/admin/cause-form.tsx", causeAction, args as never)) as { data: { error?: Record<string, string[] | null> }; init: { status: number } };
    expect(result.init.status).toBe(400);
    expect(result.data.error?.goal).toEqual(["Goal can have no more than 2 digits after the point, for example 1250.50"]);
    expect(await getDb().select().from(causes).where(eq(causes.title, title))).toHaveLength(0);
  });
});
