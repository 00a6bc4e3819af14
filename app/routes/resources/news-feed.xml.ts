/** /news/feed.xml: the latest published posts as an Atom feed (the `feed` package writes and escapes the XML). */
import { SITE_NAME } from "../../components/site/seo.ts";
import { feedArticles } from "../../features/news/index.ts";
import { getSiteSettings } from "../../features/settings/index.ts";
import { siteOrigin } from "../../lib/config.server.ts";
import { withoutNonXmlCharacters } from "../../lib/plain-text.ts";
import { refuseResourceDuringMaintenance } from "../public/maintenance-gate.server.ts";
import type { Route } from "./+types/news-feed.xml";

/** Plain text for an Atom element the package marks type="html" (a title "<b>" stays text). */
const asHtmlText = (text: string) => xml(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Text as XML allows it: a control character saved before the rule, or come from elsewhere, cannot break the feed. */
const xml = withoutNonXmlCharacters;

/** Site paths in a post's HTML made absolute, as feed readers need. */
const absoluteLinks = (html: string, origin: string) => xml(html).replace(/ (src|href)="\/(?!\/)/g, ` $1="${origin}/`);

export async function loader(args: Route.LoaderArgs) {
  await refuseResourceDuringMaintenance(args);
  const origin = siteOrigin();
  const [posts, settings] = await Promise.all([feedArticles(20), getSiteSettings(args.context)]);
  const siteName = xml(settings.site_name || SITE_NAME);
  // The feed writer loads on the first request for the feed, not with the server.
  const { Feed } = await import("feed");
  const feed = new Feed({
    id: `${origin}/news`,
    title: `${siteName}: News`,
    description: "Stories and announcements from Millbrook Community Foundation.",
    link: `${origin}/news`,
    language: "en-GB",
    updated: posts[0] ? new Date(posts[0].updated_at) : new Date(0),
    generator: false,
    feedLinks: { atom: `${origin}/news/feed.xml` },
    copyright: siteName,
  });
  for (const post of posts) {
    feed.addItem({
      title: asHtmlText(post.title),
      id: `${origin}/news/${post.slug}`,
      link: `${origin}/news/${post.slug}`,
      date: new Date(post.updated_at),
      published: new Date(post.published_at),
      description: asHtmlText(post.summary),
      content: absoluteLinks(post.body, origin),
      author: [{ name: xml(post.author) }],
      image: post.image ? `${origin}${post.image}` : undefined,
    });
  }
  return new Response(feed.atom1(), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
