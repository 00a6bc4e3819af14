import { describe, expect, it } from "vitest";
import { htmlText, sanitiseRichHtml } from "../../app/lib/rich-html.server.ts";
import { newsState, slugify } from "../../app/features/news/news.ts";
import { NewsFormSchema } from "../../app/features/news/news.schema.ts";
import { ukDateTimeInput, ukInstantFromInput } from "../../app/lib/uk-time.ts";

const OWN_IMAGE = "/uploads/news/AbCdEf0123456789abcdef.webp";
const OWN_VARIANTS = "/uploads/news/AbCdEf0123456789abcdef-400.webp 400w, /uploads/news/AbCdEf0123456789abcdef-800.webp 800w, /uploads/news/AbCdEf0123456789abcdef.webp 1600w";

/** Nothing that runs: no script element, no event handler, no javascript:/data:/vbscript: address. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script|<style|<iframe|<object|<embed|<svg|<math|<form|<input|<link|<meta|<base/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(javascript|vbscript|data):/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
}

describe("news body sanitiser", () => {
  it("keeps what the editor writes: headings, lists, links, images, quotes", () => {
    const html =
      "<h2>Heading</h2><p>Text with <strong>bold</strong>, <em>italic</em> and <s>struck</s>.</p>" +
      '<ul><li>One</li></ul><ol start="3"><li>Three</li></ol><blockquote><p>Quote</p></blockquote>' +
      `<p><a href="https://example.org/page">a link</a> <a href="mailto:hello@example.org">mail</a> <a href="/events">events</a></p>` +
      `<img src="${OWN_IMAGE}" alt="Volunteers planting">`;
    expect(sanitiseRichHtml(html)).toBe(
      "<h2>Heading</h2><p>Text with <strong>bold</strong>, <em>italic</em> and <s>struck</s>.</p>" +
        '<ul><li>One</li></ul><ol start="3"><li>Three</li></ol><blockquote><p>Quote</p></blockquote>' +
        `<p><a href="https://example.org/page">a link</a> <a href="mailto:hello@example.org">mail</a> <a href="/events">events</a></p>` +
        `<img src="${OWN_IMAGE}" alt="Volunteers planting" loading="lazy" srcset="${OWN_VARIANTS}" sizes="(min-width: 768px) 48rem, 100vw" />`,
    );
  });

  it("takes only the address and description of an image from staff (its sizes are the store's)", () => {
    const clean = sanitiseRichHtml(`<img src="${OWN_IMAGE}" srcset="https://evil.example/a.webp 1w" sizes="1px" alt="x" width="1">`);
    expect(clean).toBe(`<img src="${OWN_IMAGE}" alt="x" loading="lazy" srcset="${OWN_VARIANTS}" sizes="(min-width: 768px) 48rem, 100vw" />`);
  });

  it("turns an h1 into an h2 (the page has its own h1)", () => {
    expect(sanitiseRichHtml("<h1>Big</h1>")).toBe("<h2>Big</h2>");
  });

  const PAYLOADS = [
    "<script>alert(1)</script><p>ok</p>",
    '<img src="x" onerror="alert(1)">',
    `<img src="${OWN_IMAGE}" onerror="alert(1)" alt="a">`,
    '<a href="javascript:alert(1)">click</a>',
    '<a href="JaVaScRiPt:alert(1)">click</a>',
    '<a href="jav&#x09;ascript:alert(1)">click</a>',
    '<a href=" javascript:alert(1)">click</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="//evil.example/x">x</a>',
    '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
    '<img src="https://evil.example/track.gif" alt="t">',
    '<img src="/uploads/../../etc/passwd">',
    "<svg><script>alert(1)</script></svg>",
    '<svg onload="alert(1)"></svg>',
    '<iframe src="https://evil.example"></iframe>',
    '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
    "<style>body{display:none}</style>",
    '<form action="https://evil.example"><input name="x"><button>Go</button></form>',
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    '<p title="x" class="y" id="z">attrs</p>',
    '"><img src=x onerror=alert(1)>',
    "<object data=x></object><embed src=x>",
    '<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example">',
    "<!--<img src=x onerror=alert(1)>-->",
    "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>",
  ];
  for (const payload of PAYLOADS) {
    it(`leaves nothing that runs from ${payload.slice(0, 50)}`, () => {
      const clean = sanitiseRichHtml(payload);
      expectInert(clean);
      // Sanitising twice changes nothing (what is stored is shown as stored).
      expect(sanitiseRichHtml(clean)).toBe(clean);
    });
  }

  it("keeps only images from the site's own store", () => {
    expect(sanitiseRichHtml('<img src="https://evil.example/a.webp" alt="x">')).toBe("");
    expect(sanitiseRichHtml('<img src="/images/hero.svg" alt="x">')).toBe("");
    expect(sanitiseRichHtml(`<img src="${OWN_IMAGE}" alt="x">`)).toContain(OWN_IMAGE);
  });

  it("keeps the text of a link whose address is not allowed, without the address", () => {
    expect(sanitiseRichHtml('<a href="javascript:alert(1)">click</a>')).toBe("<a>click</a>");
  });

  it("reads the text of a body", () => {
    expect(htmlText("<h2>A</h2><p>b <strong>c</strong></p>")).toBe("Ab c");
  });
});

describe("news rules", () => {
  it("makes addresses from titles", () => {
    expect(slugify("Summer Fair raised £2,150!")).toBe("summer-fair-raised-2-150");
    expect(slugify("Café & Crafts")).toBe("cafe-and-crafts");
    expect(slugify("!!!")).toBe("");
  });

  it("tells drafts, scheduled and published posts apart", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(newsState({ status: "draft", published_at: null }, now)).toBe("draft");
    expect(newsState({ status: "draft", published_at: "2026-11-20T00:00:00Z" }, now)).toBe("draft");
    expect(newsState({ status: "published", published_at: "2026-11-24T00:00:00Z" }, now)).toBe("scheduled");
    expect(newsState({ status: "published", published_at: "2026-11-23T11:59:00Z" }, now)).toBe("published");
  });

  it("reads publish times as UK local time, in winter and in summer", () => {
    expect(ukInstantFromInput("2026-12-01T09:30")?.toISOString()).toBe("2026-12-01T09:30:00.000Z");
    expect(ukInstantFromInput("2026-07-01T09:30")?.toISOString()).toBe("2026-07-01T08:30:00.000Z");
    expect(ukDateTimeInput(new Date("2026-07-01T08:30:00Z"))).toBe("2026-07-01T09:30");
    expect(ukInstantFromInput("2026-02-30T09:30")).toBeNull();
    // 01:30 on the last Sunday of March does not exist in London.
    expect(ukInstantFromInput("2026-03-29T01:30")).toBeNull();
  });

  it("checks the form", () => {
    const base = { title: "A title", slug: "", summary: "A summary of the post", body: "<p>Body</p>", author: "Jane", image_alt: "", image_decorative: "", status: "published", publish_at: "" };
    expect(NewsFormSchema.safeParse(base).success).toBe(true);
    const bad = NewsFormSchema.safeParse({ ...base, slug: "Not A Slug!", body: "<p> </p>", status: "live", publish_at: "tomorrow" });
    expect(bad.success).toBe(false);
    const fields = bad.error!.issues.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(["slug", "body", "status", "publish_at"]));
  });
});
