/**
 * Child process for the crash test: opens the embedded database under DATA_DIR as the
 * server does ("own"), commits one row, prints "written <n>" and waits to be killed.
 */
import { openDatabase } from "../../app/db/bootstrap.server.ts";
import { siteSamples } from "../../app/samples.server.ts";
import { getPool } from "../../app/db/client.server.ts";
import { readConfig } from "../../app/lib/config.server.ts";

await openDatabase(readConfig(), { mode: "own", samples: await siteSamples() });
const title = process.argv[2] ?? "Written before the crash";
const { rows } = await getPool().query(
  "insert into events (title, date, time, description, location, category) values ($1, '2031-05-01', '19:00', 'Acknowledged write', 'Hall', 'social') returning id",
  [title],
);
console.log(`written ${rows[0].id}`);
setInterval(() => {}, 1000);
