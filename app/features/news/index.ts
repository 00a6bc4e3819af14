/**
 * What the rest of the site uses of news on the server: the latest posts (home page), the
 * published addresses (sitemap), the feed's articles, the publishing job, addresses made
 * from titles and the publish field's UK local time (newsletters). The card the home page
 * shows is in ui.ts.
 */
export { announceDuePosts, feedArticles, latestNews, NEWS_PUBLISH_JOB, publishedSlugs } from "./news.server.ts";
export { slugify } from "./news.ts";
