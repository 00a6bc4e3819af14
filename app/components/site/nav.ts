/** The public site's main navigation (spec 2.1, with News), in order. */
export const MAIN_NAV = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/community-fund", label: "Community Fund" },
  { to: "/events", label: "Events" },
  { to: "/craft-fairs", label: "Craft Fairs" },
  { to: "/awards", label: "Awards" },
  { to: "/news", label: "News" },
  { to: "/trustees", label: "Trustees" },
  { to: "/support", label: "Support Us" },
] as const;

/** Active by path prefix; Home only at the root. */
export function isNavActive(to: string, pathname: string): boolean {
  if (to === "/") return pathname === "/";
  return pathname === to || pathname.startsWith(`${to}/`);
}
