/** The sample events a new site starts with (first start); the data is in ./sample-events.ts. */
import { sql } from "drizzle-orm";
import { events } from "./table.ts";
import type { SampleSection } from "../../db/seed.server.ts";
import { sampleEvents } from "./sample-events.ts";

export default [
  {
    section: "sample-events",
    seed: "first-start",
    async write(tx) {
      await tx.insert(events).values(sampleEvents());
      // Explicit ids were inserted: move the table's sequence past them.
      await tx.execute(sql`select setval(pg_get_serial_sequence('events', 'id'), (select max(id) from events))`);
    },
  },
] satisfies readonly SampleSection[];
