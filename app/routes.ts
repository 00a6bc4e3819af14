import { existsSync, readdirSync } from "node:fs";
import { index, layout, prefix, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import type { Access } from "./auth/access.ts";

/**
 * What a feature folder adds to the route table: `app/features/<name>/routes.ts` exports
 * a list of screens per place (files named from app/, as here). `public`: in the public
 * shell. `unguarded`: under /admin outside the staff layout, no session checked (sign-in,
 * one-time links). Then one key per access a screen needs (app/auth/access.ts), each put
 * under the layout whose middleware checks it: `staff` (any staff member), a permission
 * (`submissions`, `check-in`, `supporters`, `donations`, `data-protection`) or
 * `administrator`. Where a screen is listed is who may use it.
 */
export type FeatureRoutes = { public?: RouteConfigEntry[]; unguarded?: RouteConfigEntry[] } & { [access in Access]?: RouteConfigEntry[] };
const featuresDir = new URL("./features/", import.meta.url);
const featureRoutes: FeatureRoutes[] = await Promise.all(
  readdirSync(featuresDir)
    .filter((name) => existsSync(new URL(`${name}/routes.ts`, featuresDir)))
    .sort()
    .map(async (name) => ((await import(/* @vite-ignore */ new URL(`${name}/routes.ts`, featuresDir).href)) as { default: FeatureRoutes }).default),
);
/** Every feature's screens for one place in the table. */
const featureScreens = (place: keyof FeatureRoutes) => featureRoutes.flatMap((feature) => feature[place] ?? []);

export default [
  // Public site: inside the public shell (header, footer, maintenance gate).
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("volunteer", "features/volunteering/volunteer-page.tsx"),
    route("appeals", "features/appeals/appeals-page.tsx"),
    route("appeals/:id", "features/appeals/appeal-page.tsx"),
    route("volunteer/manage/:token", "features/volunteering/manage-page.tsx"),
    route("volunteer/:id", "features/volunteering/opportunity-page.tsx"),
    route("waitlist/:entry/:token", "features/waitlist/offer-page.tsx"),
    route("privacy/concern", "features/data-protection/concern.tsx"),
    route("privacy/visitor-counting", "features/insights/visitor-counting.tsx"),
    route("newsletter", "features/supporters/public/newsletter.tsx"),
    route("newsletter/confirm/:token", "features/supporters/public/newsletter-confirm.tsx"),
    route("newsletter/preferences/:token", "features/supporters/public/newsletter-preferences.tsx"),
    route("manage-giving", "features/donor-account/manage-page.tsx"),
    route("manage-giving/sign-in/:token", "features/donor-account/sign-in-page.tsx"),
    route("newsletters", "features/newsletters/public/archive.tsx"),
    route("newsletters/:slug", "features/newsletters/public/issue.tsx"),
    ...featureScreens("public"),
    route("*", "routes/public/not-found.tsx"),
  ]),

  // Admin area. Outside the layout: sign-in, sign-out and one-time links (no session needed:
  // app/features/sign-in lists them as `unguarded`).
  ...prefix("admin", [
    ...featureScreens("unguarded"),
    // Inside the layout: its middleware checks the session before every loader and action
    // (pages, fetchers, resources) and gives them the staff member. Where a screen sits
    // here declares who may use it: any staff member, one permission (submissions,
    // donations, data protection, supporters, check-in: app/auth/access.ts), or
    // administrators only. Feature folders (app/features/<name>/routes.ts) list their admin
    // screens under the key of the access they need; each layout spreads its key in.
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      ...featureScreens("staff"),
      route("events/:id/dates", "features/event-series/admin/event-dates.tsx"),
      route("events/:id/tickets", "features/event-tickets/admin/ticket-types.tsx"),
      route("discount-codes", "features/event-tickets/admin/discount-codes.tsx"),
      route("history/:type/:id", "routes/admin/history.tsx"),
      route("appeals", "features/appeals/admin/appeals.tsx"),
      route("appeals/:causeId", "features/appeals/admin/appeal.tsx"),
      route("keep-alive", "routes/admin/keep-alive.ts"),
      route("volunteering", "features/volunteering/admin/opportunities.tsx"),
      route("volunteering/:id", "features/volunteering/admin/opportunity.tsx"),

      layout("routes/admin/submissions/layout.tsx", [
        ...featureScreens("submissions"),
      ]),

      layout("routes/admin/check-in/layout.tsx", [
        ...featureScreens("check-in"),
      ]),

      layout("routes/admin/admin-only/layout.tsx", [
        route("audit-log", "routes/admin/admin-only/audit-log.tsx"),
        ...featureScreens("administrator"),
      ]),

      layout("routes/admin/donations/layout.tsx", [...featureScreens("donations")]),

      layout("routes/admin/supporters/layout.tsx", [...featureScreens("supporters")]),

      layout("routes/admin/data-protection/layout.tsx", [
        route("data-protection", "routes/admin/data-protection/data-protection.tsx"),
        route("data-protection/export", "routes/admin/data-protection/data-protection-export.ts"),
        ...featureScreens("data-protection"),
      ]),

      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),

  // Resources (no UI).
  route("healthz", "routes/resources/healthz.ts"),
  route("live", "routes/resources/live.ts"),
  route("sitemap.xml", "routes/resources/sitemap.xml.ts"),
  route("news/feed.xml", "routes/resources/news-feed.xml.ts"),
  route("robots.txt", "routes/resources/robots.txt.ts"),
  route("events/:id/calendar.ics", "routes/resources/event-calendar.ts"),
  // The page-view beacon (app/features/insights): counted without cookies.
  route("visit", "features/insights/visit.ts"),
  route("payments/stripe/webhook", "routes/resources/stripe-webhook.ts"),
  // A signed-in donor's own PDFs (the donor session is checked by each).
  route("manage-giving/receipts/:reference", "features/donor-account/receipt.ts"),
  route("manage-giving/statement/:year", "features/donor-account/statement.ts"),
  // One-click unsubscribe (RFC 8058): mail providers POST here without a session or Origin.
  route("newsletter/unsubscribe/:token", "features/supporters/public/newsletter-unsubscribe.ts"),
] satisfies RouteConfig;
