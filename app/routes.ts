import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Public site: inside the public shell (header, footer, maintenance gate).
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("events/:id", "routes/public/event.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),

  // Admin area.
  ...prefix("admin", [route("setup/:token", "routes/admin/setup.tsx")]),

  // Resources (no UI).
  route("healthz", "routes/resources/healthz.ts"),
] satisfies RouteConfig;
