import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Public site: inside the public shell (header, footer, maintenance gate).
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("community-fund", "routes/public/community-fund.tsx"),
    route("events", "routes/public/events.tsx"),
    route("events/:id", "routes/public/event.tsx"),
    route("craft-fairs", "routes/public/craft-fairs.tsx"),
    route("awards", "routes/public/awards.tsx"),
    route("trustees", "routes/public/trustees.tsx"),
    route("causes", "routes/public/causes.tsx"),
    route("support", "routes/public/support.tsx"),
    route("support/thank-you", "routes/public/donation-thank-you.tsx"),
    route("support/monthly/:token", "routes/public/monthly-gift.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),

  // Admin area. Outside the layout: sign-in, sign-out and one-time links (no session needed).
  ...prefix("admin", [
    route("setup/:token", "routes/admin/setup.tsx"),
    route("login", "routes/admin/login.tsx"),
    // Second sign-in step for pending sessions (they check the pending session themselves).
    route("login/verify", "routes/admin/login-verify.tsx"),
    route("login/enrol", "routes/admin/login-enrol.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    route("set-password/:token", "routes/admin/set-password.tsx"),
    // Inside the layout: its middleware checks the session before every loader and action
    // (pages, fetchers, resources) and gives them the staff member. Where a screen sits
    // here declares who may use it: any staff member, the submissions permission, or
    // administrators only.
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("events", "routes/admin/events.tsx"),
      route("events/new", "routes/admin/event-form.tsx", { id: "admin-event-new" }),
      route("events/edit/:id", "routes/admin/event-form.tsx", { id: "admin-event-edit" }),
      route("craft-fairs", "routes/admin/craft-fairs.tsx"),
      route("craft-fairs/new", "routes/admin/craft-fair-form.tsx", { id: "admin-craft-fair-new" }),
      route("craft-fairs/edit/:id", "routes/admin/craft-fair-form.tsx", { id: "admin-craft-fair-edit" }),
      route("trustees", "routes/admin/trustees.tsx"),
      route("trustees/new", "routes/admin/trustee-form.tsx", { id: "admin-trustee-new" }),
      route("trustees/edit/:id", "routes/admin/trustee-form.tsx", { id: "admin-trustee-edit" }),
      route("keep-alive", "routes/admin/keep-alive.ts"),
      route("reauth", "routes/admin/reauth.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("account/two-factor", "routes/admin/account-two-factor.tsx"),

      layout("routes/admin/submissions/layout.tsx", [
        route("inbox", "routes/admin/submissions/inbox.tsx"),
        route("inbox/export.csv", "routes/admin/submissions/inbox-export.ts"),
        route("inbox/:id", "routes/admin/submissions/submission.tsx"),
        route("inbox/:id/files/:index", "routes/admin/submissions/submission-file.ts"),
        route("events/:id/bookings", "routes/admin/submissions/event-bookings.tsx"),
        route("events/:id/bookings/export.csv", "routes/admin/submissions/event-bookings-export.ts"),
        route("events/:id/check-in", "routes/admin/submissions/check-in.tsx"),
      ]),

      layout("routes/admin/admin-only/layout.tsx", [
        route("users", "routes/admin/admin-only/users.tsx"),
        route("users/security", "routes/admin/admin-only/users-security.tsx"),
        route("users/:id/two-factor", "routes/admin/admin-only/user-two-factor.ts"),
        route("settings", "routes/admin/admin-only/settings.tsx"),
        route("settings/data", "routes/admin/admin-only/settings-data.ts"),
        route("settings/images", "routes/admin/admin-only/settings-images.ts"),
        route("audit-log", "routes/admin/admin-only/audit-log.tsx"),
        route("data-protection", "routes/admin/admin-only/data-protection.tsx"),
        route("data-protection/export", "routes/admin/admin-only/data-protection-export.ts"),
        route("donations", "routes/admin/admin-only/donations.tsx"),
        route("donations/export.csv", "routes/admin/admin-only/donations-export.ts"),
        route("donations/donor", "routes/admin/admin-only/donor.tsx"),
        route("donations/gift-aid", "routes/admin/admin-only/gift-aid.tsx"),
        route("donations/gift-aid/schedule.xlsx", "routes/admin/admin-only/gift-aid-schedule.ts"),
        route("settings/giving", "routes/admin/admin-only/settings-giving.ts"),
      ]),

      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),

  // Resources (no UI).
  route("healthz", "routes/resources/healthz.ts"),
  route("live", "routes/resources/live.ts"),
  route("sitemap.xml", "routes/resources/sitemap.xml.ts"),
  route("robots.txt", "routes/resources/robots.txt.ts"),
  route("events/:id/calendar.ics", "routes/resources/event-calendar.ts"),
  route("payments/stripe/webhook", "routes/resources/stripe-webhook.ts"),
] satisfies RouteConfig;
