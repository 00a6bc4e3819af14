/**
 * The migration to pence converts the data as well as the columns: whole pounds become
 * pence, and the saved versions of causes and grants move to the new names, in pence. Its
 * data statements run here on rows in the old shape, in a transaction that is rolled back.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getPool } from "../../app/db/client.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const drizzle = new URL("../../drizzle/", import.meta.url);
const migration = readdirSync(drizzle).find((name) => name.endsWith("_money_in_pence.sql"))!;
const statements = readFileSync(new URL(migration, drizzle), "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter((s) => s.includes("UPDATE"));

describe("the migration to pence", () => {
  it("multiplies causes and grants by 100 and renames the amounts in their saved versions", async () => {
    expect(statements).toHaveLength(4);
    const client = await getPool().connect();
    try {
      await client.query("begin");
      const cause = await client.query(`insert into causes (title, description, goal_pence, raised_pence) values ('Old cause', 'x', 2500, 40) returning id`);
      const grant = await client.query(`insert into fund_recipients (year, name, purpose, amount_pence) values (2024, 'Old grant', 'x', 650) returning id`);
      await client.query(`insert into content_revisions (content_type, content_id, data) values ('cause', $1, $2), ('fund-recipient', $3, $4), ('trustee', '1', $5)`, [
        String(cause.rows[0].id),
        JSON.stringify({ title: "Old cause", goal: 2500, raised: 40 }),
        String(grant.rows[0].id),
        JSON.stringify({ name: "Old grant", amount: 650 }),
        JSON.stringify({ name: "Kept as it is", goal: 3 }),
      ]);
      for (const statement of statements) await client.query(statement);
      const { rows: [c] } = await client.query(`select goal_pence, raised_pence from causes where id = $1`, [cause.rows[0].id]);
      expect(c).toEqual({ goal_pence: 250_000, raised_pence: 4000 });
      const { rows: [g] } = await client.query(`select amount_pence from fund_recipients where id = $1`, [grant.rows[0].id]);
      expect(g).toEqual({ amount_pence: 65_000 });
      const { rows } = await client.query(`select content_type, data from content_revisions where data->>'title' = 'Old cause' or data->>'name' in ('Old grant', 'Kept as it is') order by content_type`);
      expect(rows).toEqual([
        { content_type: "cause", data: { title: "Old cause", goal_pence: 250_000, raised_pence: 4000 } },
        { content_type: "fund-recipient", data: { name: "Old grant", amount_pence: 65_000 } },
        { content_type: "trustee", data: { name: "Kept as it is", goal: 3 } },
      ]);
    } finally {
      await client.query("rollback");
      client.release();
    }
  });
});
