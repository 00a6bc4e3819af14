import { listPastEvents, listUpcomingEvents } from "../../domain/events.server.ts";
import { refuseResourceDuringMaintenance } from "../../domain/maintenance.server.ts";
import { getSiteSettings } from "../../domain/settings.server.ts";
import type { Route } from "./+types/sitemap.xml";

export const SITEMAP_PATHS = ["/", "/about", "/community-fund", "/events", "/craft-fairs", "/awards", "/trustees", "/causes", "/support"];

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  await refuseResourceDuringMaintenance(args);
  const origin = (process.env.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/+$/, "");
  const settings = await getSiteSettings();
  const [upcoming, past] = await Promise.all([
    listUpcomingEvents({ showSampleWhenEmpty: settings.show_sample_content }),
    listPastEvents({ limit: 3, showSampleWhenEmpty: settings.show_sample_content }),
  ]);
  const paths = [...SITEMAP_PATHS, ...[...upcoming.items, ...past.items].map((e) => `/events/${e.id}`)];
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    [...new Set(paths)].map((p) => `  <url><loc>${xmlEscape(origin + p)}</loc></url>`).join("\n") +
    `\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
