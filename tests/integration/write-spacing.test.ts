/**
 * The 500 ms spacing between one staff member's writes is kept in the database, so it
 * holds across instances: a slot taken by another process (another connection) pushes
 * this one's write back, and parallel writes get slots 500 ms apart, one after the other.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { writeSpacing } from "../../app/db/schema.ts";
import { deleteOldWriteSlots, spaceWrites } from "../../app/domain/listings/listings.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

const database = setupTestDatabase();

const slotOf = async (user: string) => {
  const [row] = await getDb().select().from(writeSpacing).where(eq(writeSpacing.user_key, user));
  return row!.next_at.getTime();
};

describe("write spacing across instances", () => {
  it("waits for a slot another instance took, and gives parallel writes slots 500 ms apart", async () => {
    const user = randomUUID();
    // Another instance (its own connection) has just taken this user's slot, 300 ms ahead.
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    const { rows } = await other.query<{ next_at: Date }>(
      "insert into write_spacing (user_key, next_at) values ($1, clock_timestamp() + interval '300 ms') returning next_at",
      [user],
    );
    await other.end();
    const taken = rows[0]!.next_at.getTime();

    const started = performance.now();
    await spaceWrites(user);
    expect(await slotOf(user)).toBe(taken + 500);
    // It waited for its slot (at least the 300 ms still to go), not only for its own process.
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);

    // Two more writes at once, and one by someone else, who is not held back by this user.
    const someoneElse = randomUUID();
    await Promise.all([spaceWrites(user), spaceWrites(user), spaceWrites(someoneElse)]);
    expect(await slotOf(user)).toBe(taken + 1500);
    expect(await slotOf(someoneElse)).toBeLessThan(taken + 1000);
  });

  it("housekeeping forgets slots over a minute old", async () => {
    const user = randomUUID();
    await getDb().insert(writeSpacing).values({ user_key: user, next_at: new Date(Date.now() - 120_000) });
    expect(await deleteOldWriteSlots()).toBeGreaterThanOrEqual(1);
    expect(await getDb().select().from(writeSpacing).where(eq(writeSpacing.user_key, user))).toEqual([]);
  });
});
