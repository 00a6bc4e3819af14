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
    route("news", "routes/public/news.tsx"),
    route("news/:slug", "routes/public/news-post.tsx"),
    route("support/thank-you", "routes/public/donation-thank-you.tsx"),
    route("support/monthly/:token", "routes/public/monthly-gift.tsx"),
    route("bookings/:reference/:token", "routes/public/booking.tsx"),
    route("privacy", "routes/public/legal-page.tsx", { id: "legal-privacy" }),
    route("terms/volunteers", "routes/public/legal-page.tsx", { id: "legal-volunteer-terms" }),
    route("terms/stallholders", "routes/public/legal-page.tsx", { id: "legal-stallholder-terms" }),
    route("accessibility", "routes/public/legal-page.tsx", { id: "legal-accessibility" }),
    route("cookies", "routes/public/legal-page.tsx", { id: "legal-cookies" }),
    route("newsletter", "features/supporters/public/newsletter.tsx"),
    route("newsletter/confirm/:token", "features/supporters/public/newsletter-confirm.tsx"),
    route("newsletter/preferences/:token", "features/supporters/public/newsletter-preferences.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),

  // Admin area. Outside the layout: sign-in, sign-out and one-time links (no session needed).
  ...prefix("admin", [
    route("setup/:token", "routes/admin/setup.tsx"),
    route("login", "routes/admin/login.tsx"),
    // Second sign-in step for pending sessions (they check the pending session themselves).
    route("login/verify", "routes/admin/login-verify.tsx"),
    route("login/enrol", "routes/admin/login-enrol.tsx"),
    // Passkey options (WebAuthn challenges) for sign-in and its second step (no full session yet).
    route("login/passkey", "routes/admin/login-passkey.ts"),
    route("logout", "routes/admin/logout.tsx"),
    route("set-password/:token", "routes/admin/set-password.tsx"),
    // Inside the layout: its middleware checks the session before every loader and action
    // (pages, fetchers, resources) and gives them the staff member. Where a screen sits
    // here declares who may use it: any staff member, one permission (submissions,
    // donations, data protection, supporters, check-in: app/auth/access.ts), or
    // administrators only. Feature folders (app/features/<name>/) put their admin screens
    // under the layout of the permission they need.
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
      route("news", "routes/admin/news.tsx"),
      route("news/new", "routes/admin/news-form.tsx", { id: "admin-news-new" }),
      route("news/edit/:id", "routes/admin/news-form.tsx", { id: "admin-news-edit" }),
      route("news/preview/:id", "routes/admin/news-preview.tsx"),
      route("news/images", "routes/admin/news-image.ts"),
      route("media", "routes/admin/media.tsx"),
      route("media/:id", "routes/admin/media-item.tsx"),
      route("pages", "routes/admin/pages.tsx"),
      route("pages/:page", "routes/admin/page-texts.tsx"),
      route("history/:type/:id", "routes/admin/history.tsx"),
      route("causes", "routes/admin/causes.tsx"),
      route("causes/new", "routes/admin/cause-form.tsx", { id: "admin-cause-new" }),
      route("causes/edit/:id", "routes/admin/cause-form.tsx", { id: "admin-cause-edit" }),
      route("fund-recipients", "routes/admin/fund-recipients.tsx"),
      route("fund-recipients/new", "routes/admin/fund-recipient-form.tsx", { id: "admin-fund-recipient-new" }),
      route("fund-recipients/edit/:id", "routes/admin/fund-recipient-form.tsx", { id: "admin-fund-recipient-edit" }),
      route("volunteer-roles", "routes/admin/volunteer-roles.tsx"),
      route("volunteer-roles/new", "routes/admin/volunteer-role-form.tsx", { id: "admin-volunteer-role-new" }),
      route("volunteer-roles/edit/:id", "routes/admin/volunteer-role-form.tsx", { id: "admin-volunteer-role-edit" }),
      route("annual-reports", "routes/admin/annual-reports.tsx"),
      route("annual-reports/new", "routes/admin/annual-report-form.tsx", { id: "admin-annual-report-new" }),
      route("annual-reports/edit/:id", "routes/admin/annual-report-form.tsx", { id: "admin-annual-report-edit" }),
      route("craft-fair-gallery", "routes/admin/craft-fair-gallery.tsx"),
      route("craft-fair-gallery/new", "routes/admin/gallery-image-form.tsx", { id: "admin-gallery-image-new" }),
      route("craft-fair-gallery/edit/:id", "routes/admin/gallery-image-form.tsx", { id: "admin-gallery-image-edit" }),
      route("faqs", "routes/admin/faqs.tsx"),
      route("faqs/new", "routes/admin/faq-form.tsx", { id: "admin-faq-new" }),
      route("faqs/edit/:id", "routes/admin/faq-form.tsx", { id: "admin-faq-edit" }),
      route("awards", "routes/admin/awards.tsx"),
      route("awards/winners/new", "routes/admin/award-winner-form.tsx", { id: "admin-award-winner-new" }),
      route("awards/winners/edit/:id", "routes/admin/award-winner-form.tsx", { id: "admin-award-winner-edit" }),
      route("legal-pages", "routes/admin/legal-pages.tsx"),
      route("legal-pages/:slug", "routes/admin/legal-page-form.tsx"),
      route("contact", "routes/admin/contact.tsx"),
      route("keep-alive", "routes/admin/keep-alive.ts"),
      route("reauth", "routes/admin/reauth.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("account/two-factor", "routes/admin/account-two-factor.tsx"),
      route("account/passkeys", "routes/admin/account-passkeys.tsx"),
      route("passkey-options", "routes/admin/passkey-options.ts"),

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
        route("failed-mail", "routes/admin/admin-only/failed-mail.tsx"),
        route("settings/giving", "routes/admin/admin-only/settings-giving.ts"),
      ]),

      layout("routes/admin/donations/layout.tsx", [
        route("donations", "routes/admin/donations/donations.tsx"),
        route("donations/export.csv", "routes/admin/donations/donations-export.ts"),
        route("donations/donor", "routes/admin/donations/donor.tsx"),
        route("donations/gift-aid", "routes/admin/donations/gift-aid.tsx"),
        route("donations/gift-aid/schedule.xlsx", "routes/admin/donations/gift-aid-schedule.ts"),
      ]),

      layout("routes/admin/supporters/layout.tsx", [
        route("supporters", "features/supporters/admin/supporters.tsx"),
        route("supporters/export.csv", "features/supporters/admin/supporters-export.ts"),
        route("supporters/:id", "features/supporters/admin/supporter.tsx"),
      ]),

      layout("routes/admin/data-protection/layout.tsx", [
        route("data-protection", "routes/admin/data-protection/data-protection.tsx"),
        route("data-protection/export", "routes/admin/data-protection/data-protection-export.ts"),
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
  route("payments/stripe/webhook", "routes/resources/stripe-webhook.ts"),
  // One-click unsubscribe (RFC 8058): mail providers POST here without a session or Origin.
  route("newsletter/unsubscribe/:token", "features/supporters/public/newsletter-unsubscribe.ts"),
] satisfies RouteConfig;
