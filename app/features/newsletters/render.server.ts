/**
 * A newsletter as it arrives: an HTML part (one column, 600 px at most, styles inline, a
 * hidden preview text) and a plain-text part made from the same body, each ending with
 * the unsubscribe / preferences link and the charity's name, address and registered
 * number. No tracking pixel and no rewritten link: a link in the body goes where staff
 * pointed it (a path of this site is made absolute, nothing else changes).
 *
 * The template is rendered once per send; each recipient's own links replace a marker.
 */
import sanitizeHtml from "sanitize-html";
import { sanitiseRichHtml } from "../../lib/rich-html.server.ts";

/** Stands for the recipient's preferences link in a rendered template. */
const PREFERENCES = "https://newsletter.invalid/preferences";

export interface Sender {
  charity: string;
  charityNumber: string;
  /** One line per row. */
  address: string;
  origin: string;
}

export interface RenderedNewsletter {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The stored body made ready for a mail client: absolute addresses, no lazy loading or srcset, images scaled to the column. */
function emailBody(body: string, origin: string): string {
  const absolute = (url: string) => (url.startsWith("/") && !url.startsWith("//") ? `${origin}${url}` : url);
  return sanitizeHtml(sanitiseRichHtml(body), {
    // What the news sanitiser kept, with the styles added here (a mail client reads no stylesheet).
    allowedTags: ["p", "h2", "h3", "h4", "ul", "ol", "li", "blockquote", "a", "img", "strong", "b", "em", "i", "s", "code", "pre", "br", "hr"],
    allowedAttributes: { "*": ["style"], a: ["href", "style"], img: ["src", "alt", "width", "style"], ol: ["start", "style"] },
    allowedSchemes: ["http", "https", "mailto"],
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { href: absolute(attribs.href ?? ""), style: "color:#1d4ed8;text-decoration:underline" } }),
      img: (tagName, attribs) => ({
        tagName,
        attribs: { src: absolute(attribs.src ?? ""), alt: attribs.alt ?? "", width: "560", style: "display:block;max-width:100%;height:auto;border:0;border-radius:12px" },
      }),
      h2: (tagName, attribs) => ({ tagName, attribs: { ...attribs, style: "font-size:22px;line-height:1.3;margin:24px 0 8px;color:#14532d" } }),
      h3: (tagName, attribs) => ({ tagName, attribs: { ...attribs, style: "font-size:19px;line-height:1.3;margin:20px 0 8px;color:#14532d" } }),
      p: (tagName, attribs) => ({ tagName, attribs: { ...attribs, style: "margin:0 0 16px" } }),
    },
  });
}

function footerLines(sender: Sender): string[] {
  return [
    sender.charity,
    ...sender.address.split(/\r?\n/).map((l) => l.trim()).filter(Boolean),
    ...(sender.charityNumber ? [`Registered charity number ${sender.charityNumber}`] : []),
  ];
}

/** The template of one newsletter (the recipient's link still a marker). */
export async function renderTemplate(newsletter: { subject: string; preview_text: string; body: string }, sender: Sender): Promise<RenderedNewsletter> {
  const body = emailBody(newsletter.body, sender.origin);
  const footer = footerLines(sender);
  const why = `You get this email because you asked ${sender.charity} for news by email.`;
  const html = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(newsletter.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f5f0;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(newsletter.preview_text)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f0">
<tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px">
<tr><td style="padding:20px 20px 0;font-size:14px;font-weight:bold;color:#14532d">${escapeHtml(sender.charity)}</td></tr>
<tr><td style="padding:8px 20px 4px"><h1 style="font-size:26px;line-height:1.25;margin:0 0 16px;color:#14532d">${escapeHtml(newsletter.subject)}</h1>
<div style="font-size:16px;line-height:1.6">${body}</div></td></tr>
<tr><td style="padding:16px 20px 24px;border-top:1px solid #e5e7eb;font-size:13px;line-height:1.5;color:#4b5563">
<p style="margin:0 0 8px">${escapeHtml(why)}</p>
<p style="margin:0 0 12px"><a href="${PREFERENCES}" style="color:#1d4ed8;text-decoration:underline">Unsubscribe or manage your email preferences</a></p>
<p style="margin:0">${footer.map(escapeHtml).join("<br>")}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  // html-to-text loads with the first newsletter rendered, not with the server.
  const { convert } = await import("html-to-text");
  const bodyText = convert(body, {
    wordwrap: 76,
    selectors: [
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      { selector: "h3", options: { uppercase: false } },
      { selector: "img", format: "skip" },
    ],
  });
  const text = [newsletter.subject, "", bodyText, "", "--", why, `Unsubscribe or manage your email preferences: ${PREFERENCES}`, "", ...footer, ""].join("\n");
  return { subject: newsletter.subject, html, text };
}

/** The recipient's links put in (`token`: their preferences token; null for a test, whose links lead to the signup page). */
export function personalise(template: RenderedNewsletter, origin: string, token: string | null) {
  const preferences = token ? `${origin}/newsletter/preferences/${token}` : `${origin}/newsletter`;
  return {
    subject: template.subject,
    html: template.html.replaceAll(PREFERENCES, preferences),
    text: template.text.replaceAll(PREFERENCES, preferences),
    headers: token
      ? {
          "List-Unsubscribe": `<${origin}/newsletter/unsubscribe/${token}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        }
      : undefined,
  };
}
