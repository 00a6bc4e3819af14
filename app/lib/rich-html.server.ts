/**
 * The one place where HTML written by staff (a news post's or a newsletter's body, from
 * the rich-text editor or typed into the plain field) is made safe. An allowlist of what the editor
 * produces: paragraphs, headings (h2-h4; an h1 becomes h2, the page has its own),
 * lists, quotes, links, images, bold, italic, strike, code and line breaks. Nothing
 * else survives: no script, style, iframe or form, no event handler or style attribute.
 * Links keep http(s), mailto or a path of this site; images only come from the site's
 * own file store. Run before a body is stored and again before it is shown, so an old
 * row or a changed rule never lets anything through.
 */
import sanitizeHtml from "sanitize-html";
import { keyFromPublicUrl } from "../storage/file-store.server.ts";
import type { SafeHtml } from "./rich-html.ts";

const HREF_OK = /^(https?:\/\/|mailto:|\/(?!\/))/i;

/** The 400/800/1600 px WebP variants the upload pipeline stores beside an image (app/storage/images.server.ts). */
const variantsOf = (src: string) =>
  /\.webp$/.test(src) ? `${src.replace(/\.webp$/, "-400.webp")} 400w, ${src.replace(/\.webp$/, "-800.webp")} 800w, ${src} 1600w` : undefined;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "h2", "h3", "h4", "ul", "ol", "li", "blockquote", "a", "img", "strong", "b", "em", "i", "s", "code", "pre", "br", "hr"],
  allowedAttributes: { a: ["href"], img: ["src", "srcset", "sizes", "alt", "loading"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => {
      const href = (attribs.href ?? "").trim();
      const kept: sanitizeHtml.Attributes = HREF_OK.test(href) ? { href } : {};
      return { tagName, attribs: kept };
    },
    // Only the address and the description are taken from staff; the responsive sizes
    // of an uploaded image and lazy loading are added here.
    img: (tagName, attribs) => {
      const src = (attribs.src ?? "").trim();
      const srcset = variantsOf(src);
      const kept: sanitizeHtml.Attributes = { src, alt: attribs.alt ?? "", loading: "lazy" };
      if (srcset) Object.assign(kept, { srcset, sizes: "(min-width: 768px) 48rem, 100vw" });
      return { tagName, attribs: kept };
    },
  },
  exclusiveFilter: (frame) => {
    // An image from anywhere but the site's store is dropped whole, as is a link left without an address.
    if (frame.tag === "img") return keyFromPublicUrl(frame.attribs.src ?? "") === null;
    return false;
  },
};

/** Staff HTML made safe to store and to show. */
export function sanitiseRichHtml(html: string): SafeHtml {
  return sanitizeHtml(html, OPTIONS).trim() as SafeHtml;
}

/** The text of an HTML body (for checks such as "the body is empty" and for feed summaries). */
export function htmlText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}
