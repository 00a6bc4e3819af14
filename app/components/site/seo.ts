/**
 * Per-page title, description and Open Graph tags. The site origin comes from the public
 * layout's loader data (PUBLIC_URL or the request's origin), so URLs are absolute.
 */
import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Millbrook Community Foundation";
const DEFAULT_OG_IMAGE = "/images/og-default.png";

interface PageMeta {
  title: string;
  description: string;
  path: string;
  origin?: string;
  /** The site name from the settings (public layout loader); the foundation's name by default. */
  siteName?: string;
  image?: string | null;
  type?: "website" | "article" | "event";
}

/** Finds the origin the public layout loader put in its data. */
export function originFrom(matches: readonly unknown[]): string {
  return siteFrom(matches).origin;
}

/** The origin and the site name (from the settings) that the public layout loader put in its data. */
export function siteFrom(matches: readonly unknown[]): { origin: string; siteName: string } {
  for (const match of matches) {
    const data = (match as { loaderData?: { origin?: unknown; siteName?: unknown } } | undefined)?.loaderData;
    if (data && typeof data.origin === "string") {
      return { origin: data.origin, siteName: typeof data.siteName === "string" && data.siteName ? data.siteName : SITE_NAME };
    }
  }
  return { origin: "", siteName: SITE_NAME };
}

export function pageMeta({ title, description, path, origin = "", siteName = SITE_NAME, image, type = "website" }: PageMeta): MetaDescriptor[] {
  const fullTitle = title === siteName || title === SITE_NAME ? title : `${title} | ${siteName}`;
  const url = `${origin}${path}`;
  const img = image && !image.endsWith(".svg") ? image : DEFAULT_OG_IMAGE;
  const imageUrl = /^https?:\/\//.test(img) ? img : `${origin}${img}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: type === "event" ? "website" : type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
