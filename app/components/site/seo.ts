/**
 * Per-page title, description and Open Graph tags. The site origin comes from the public
 * layout's loader data (PUBLIC_URL or the request's origin), so URLs are absolute.
 */
import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Millbrook Community Foundation";
export const DEFAULT_OG_IMAGE = "/images/og-default.png";

interface PageMeta {
  title: string;
  description: string;
  path: string;
  origin?: string;
  image?: string | null;
  type?: "website" | "article" | "event";
}

/** Finds the origin the public layout loader put in its data. */
export function originFrom(matches: readonly unknown[]): string {
  for (const match of matches) {
    const data = (match as { loaderData?: { origin?: unknown } } | undefined)?.loaderData;
    if (data && typeof data.origin === "string") return data.origin;
  }
  return "";
}

export function pageMeta({ title, description, path, origin = "", image, type = "website" }: PageMeta): MetaDescriptor[] {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const url = `${origin}${path}`;
  const img = image && !image.endsWith(".svg") ? image : DEFAULT_OG_IMAGE;
  const imageUrl = /^https?:\/\//.test(img) ? img : `${origin}${img}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: type === "event" ? "website" : type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
