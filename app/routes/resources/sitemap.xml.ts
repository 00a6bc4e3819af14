import { siteOrigin } from "../../lib/config.server.ts";
import { CONTENT_SITEMAP_PATHS } from "../../lib/content-types.ts";
import { LEGAL_PAGES } from "../../content/legal-pages.ts";
import { listPastEvents, listUpcomingEvents } from "../../features/events/index.ts";
import { publishedSlugs } from "../../features/news/index.ts";
import { openOpportunityIds } from "../../features/volunteering/index.ts";
import { refuseResourceDuringMaintenance } from "../public/maintenance-gate.server.ts";
import type { Route } from "./+types/sitemap.xml";

/** The pages that are not a content type's list, then each content type's (app/lib/content-types.ts: `sitemap`). */
const SITEMAP_PATHS = ["/", "/about", "/volunteer", "/newsletter", ...CONTENT_SITEMAP_PATHS];

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function loader(args: Route.LoaderArgs) {
  await refuseResourceDuringMaintenance(args);
  const origin = siteOrigin();
  const [upcoming, past, news, opportunities] = await Promise.all([
    listUpcomingEvents({ everyDate: true }),
    listPastEvents({ limit: 3 }),
    publishedSlugs().catch(() => []),
    openOpportunityIds(),
  ]);
  const paths = [
    ...SITEMAP_PATHS,
    ...LEGAL_PAGES.map((p) => p.path),
    "/privacy/concern",
    "/privacy/visitor-counting",
    ...[...upcoming.items, ...past.items].map((e) => `/events/${e.id}`),
    ...news.map((post) => `/news/${post.slug}`),
    ...opportunities.map((id) => `/volunteer/${id}`),
  ];
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    [...new Set(paths)].map((p) => `  <url><loc>${xmlEscape(origin + p)}</loc></url>`).join("\n") +
    `\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
