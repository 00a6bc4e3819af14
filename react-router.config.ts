import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // The browser gets the whole route manifest (about 1.5 KB compressed) as one
  // fingerprinted file cached for a year, instead of a slice of it worked out and inlined
  // on every server render (docs/decisions/045-server-memory.md).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
