import { siteOrigin } from "../../lib/config.server.ts";
import type { Route } from "./+types/robots.txt";

export function loader(_args: Route.LoaderArgs) {
  const origin = siteOrigin();
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /admin/", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
