/**
 * Plain text written by staff, with its web addresses (http and https only) and email
 * addresses turned into links. The text is never parsed as HTML: it is cut into pieces
 * that React renders as text or as <a> elements, so markup in it stays visible text and
 * no other scheme (javascript:, data:) can become a link.
 */
import { Fragment } from "react";

type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string; external: boolean };

// A web address runs to the next space or quote; an email address is the usual shape.
const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+|[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** Punctuation that ends a sentence is not part of the address before it. */
function trimTrailing(address: string): string {
  let end = address;
  for (;;) {
    const last = end.at(-1);
    if (last && ".,;:!?".includes(last)) end = end.slice(0, -1);
    else if (last === ")" && end.split("(").length < end.split(")").length) end = end.slice(0, -1);
    else if (last === "]" && end.split("[").length < end.split("]").length) end = end.slice(0, -1);
    else return end;
  }
}

function webAddress(text: string): string | null {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname ? text : null;
  } catch {
    return null;
  }
}

/** The text cut into plain pieces and links, in order; joined, the pieces give the text back. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const found = trimTrailing(match[0]);
    const start = match.index;
    const isWeb = /^https?:/i.test(found);
    const href = isWeb ? webAddress(found) : `mailto:${found}`;
    if (!href) continue;
    if (start > at) parts.push({ kind: "text", text: text.slice(at, start) });
    parts.push({ kind: "link", text: found, href, external: isWeb });
    at = start + found.length;
  }
  if (at < text.length) parts.push({ kind: "text", text: text.slice(at) });
  return parts;
}

export function LinkedText({ text, linkClassName = "" }: { text: string; linkClassName?: string }) {
  return linkParts(text).map((part, i) =>
    part.kind === "text" ? (
      <Fragment key={i}>{part.text}</Fragment>
    ) : (
      <a key={i} href={part.href} rel={part.external ? "noopener noreferrer" : undefined} className={linkClassName}>
        {part.text}
      </a>
    ),
  );
}
