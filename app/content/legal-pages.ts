/**
 * The legal pages: their addresses and titles (the footer links them on every public
 * page, so this module imports nothing; their starting texts are in app/features/legal-pages/starting-text.ts).
 */
export const LEGAL_PAGES = [
  { slug: "privacy", path: "/privacy", title: "Privacy notice" },
  { slug: "volunteer-terms", path: "/terms/volunteers", title: "Volunteer terms" },
  { slug: "stallholder-terms", path: "/terms/stallholders", title: "Stallholder terms" },
  { slug: "accessibility", path: "/accessibility", title: "Accessibility statement" },
  { slug: "cookies", path: "/cookies", title: "Cookie statement" },
] as const;
export type LegalSlug = (typeof LEGAL_PAGES)[number]["slug"];
