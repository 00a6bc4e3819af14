/**
 * POST /visit: the page-view beacon's target (counting.server.ts). Always answers 204 with
 * nothing set, counted or not, so a page can tell nothing from it.
 */
import { requestInfoContext } from "../../lib/request-context.ts";
import { logger } from "../../lib/logger.server.ts";
import { countPageView } from "./counting.server.ts";
import type { Route } from "./+types/visit";

const NOTHING = { status: 204, headers: { "Cache-Control": "no-store" } };

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  let body: { p?: unknown; r?: unknown } = {};
  try {
    const text = await request.text();
    body = text.length <= 4000 ? (JSON.parse(text) as typeof body) : {};
  } catch {
    return new Response(null, NOTHING);
  }
  const { ip } = context.get(requestInfoContext);
  const host = request.headers.get("host") ?? new URL(request.url).host;
  await countPageView({ headers: request.headers, address: ip, page: body.p, referrer: body.r, host }).catch((error: unknown) =>
    logger.warn({ err: error }, "page view not counted"),
  );
  return new Response(null, NOTHING);
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
