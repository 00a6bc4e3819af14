import { checkReadiness } from "../../system/health.server.ts";
import pkg from "../../../package.json" with { type: "json" };

/**
 * GET /healthz: readiness for a load balancer. The database (a real query), the public
 * and private file stores and the job queue, each with its own result, and the app
 * version; 503 when any is down or the server is shutting down.
 */
export async function loader() {
  const readiness = await checkReadiness();
  return Response.json(
    { ...readiness, version: pkg.version },
    { status: readiness.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
