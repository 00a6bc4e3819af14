import { checkDatabase } from "../../system/health.server.ts";
import pkg from "../../../package.json" with { type: "json" };

/** GET /healthz: database status (a real query, 5 s timeout) and the app version. */
export async function loader() {
  const database = await checkDatabase();
  return Response.json(
    { status: database.ok ? "ok" : "error", version: pkg.version, database },
    { status: database.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
