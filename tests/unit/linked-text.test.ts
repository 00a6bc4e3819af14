import { describe, expect, it } from "vitest";
import { linkParts } from "../../app/components/site/linked-text.tsx";

const join = (text: string) =>
  linkParts(text)
    .map((p) => p.text)
    .join("");

describe("linkParts", () => {
  it("turns web and email addresses into links and keeps the rest as text", () => {
    const text = "Book at https://example.org/tickets?day=1, or email hello@example.org.";
    expect(linkParts(text)).toEqual([
      { kind: "text", text: "Book at " },
      { kind: "link", text: "https://example.org/tickets?day=1", href: "https://example.org/tickets?day=1", external: true },
      { kind: "text", text: ", or email " },
      { kind: "link", text: "hello@example.org", href: "mailto:hello@example.org", external: false },
      { kind: "text", text: "." },
    ]);
    expect(join(text)).toBe(text);
  });

  it("leaves sentence punctuation and unbalanced brackets out of an address", () => {
    const parts = linkParts("(see https://en.wikipedia.org/wiki/Mill_(grinding)). And http://a.example!");
    expect(parts.filter((p) => p.kind === "link").map((p) => p.text)).toEqual(["https://en.wikipedia.org/wiki/Mill_(grinding)", "http://a.example"]);
  });

  it("never links other schemes, and leaves markup as text", () => {
    const text = 'javascript:alert(1) data:text/html,<script>x</script> <a href="https://evil.example">x</a> ftp://files.example';
    const links = linkParts(text).filter((p) => p.kind === "link");
    // Only the address inside the quoted attribute, as text up to the quote, is a web address.
    expect(links.map((l) => l.kind === "link" && l.href)).toEqual(["https://evil.example"]);
    expect(join(text)).toBe(text);
  });

  it("needs a host: a bare scheme is text", () => {
    expect(linkParts("see https:// later")).toEqual([{ kind: "text", text: "see https:// later" }]);
  });

  it("gives back text without addresses as one piece, and nothing for empty text", () => {
    expect(linkParts("No links here.")).toEqual([{ kind: "text", text: "No links here." }]);
    expect(linkParts("")).toEqual([]);
  });
});
