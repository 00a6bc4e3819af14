/** The sample craft fairs a new site starts with (first start); the data is in ./sample-craft-fairs.ts. */
import { sql } from "drizzle-orm";
import type { SampleSection } from "../../db/seed.server.ts";
import { sampleCraftFairs } from "./sample-craft-fairs.ts";
import { craftFairs } from "./table.ts";

export default [
  {
    section: "sample-craft-fairs",
    seed: "first-start",
    after: ["sample-events"],
    async write(tx) {
      await tx.insert(craftFairs).values(sampleCraftFairs());
      // Explicit ids were inserted: move the table's sequence past them.
      await tx.execute(sql`select setval(pg_get_serial_sequence('craft_fairs', 'id'), (select max(id) from craft_fairs))`);
    },
  },
] satisfies readonly SampleSection[];
