/**
 * The simple markup of staff-written pages (legal pages): "## " starts a heading, "### " a
 * smaller one, "- " a list item, and a blank line a new paragraph; web and email addresses
 * become links. Nothing is parsed as HTML: the text is cut into blocks that React renders
 * as elements with escaped text, so markup typed into a page stays visible text.
 */
import { LinkedText } from "./linked-text.tsx";

export type MarkupBlock = { kind: "h2" | "h3" | "p"; text: string } | { kind: "ul"; items: string[] };

export function markupBlocks(source: string): MarkupBlock[] {
  const blocks: MarkupBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: "p", text: paragraph.join(" ") });
    paragraph = [];
  };
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    const heading = /^(#{2,3})\s+(.+)$/.exec(line);
    const item = /^[-*]\s+(.+)$/.exec(line);
    if (line === "") endParagraph();
    else if (heading) {
      endParagraph();
      blocks.push({ kind: heading[1] === "##" ? "h2" : "h3", text: heading[2] });
    } else if (item) {
      endParagraph();
      const last = blocks.at(-1);
      if (last?.kind === "ul") last.items.push(item[1]);
      else blocks.push({ kind: "ul", items: [item[1]] });
    } else paragraph.push(line);
  }
  endParagraph();
  return blocks;
}

const LINK = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800";

export function SimpleMarkup({ source }: { source: string }) {
  return (
    <div className="space-y-4 text-lg leading-relaxed text-slate-700">
      {markupBlocks(source).map((block, i) => {
        switch (block.kind) {
          case "h2":
            return (
              <h2 key={i} className="pt-4 font-display text-2xl font-semibold text-brand-900">
                {block.text}
              </h2>
            );
          case "h3":
            return (
              <h3 key={i} className="pt-2 font-display text-xl font-semibold text-brand-900">
                {block.text}
              </h3>
            );
          case "ul":
            return (
              <ul key={i} className="list-disc space-y-2 pl-6">
                {block.items.map((text, j) => (
                  <li key={j} className="wrap-anywhere">
                    <LinkedText text={text} linkClassName={LINK} />
                  </li>
                ))}
              </ul>
            );
          default:
            return (
              <p key={i} className="wrap-anywhere">
                <LinkedText text={block.text} linkClassName={LINK} />
              </p>
            );
        }
      })}
    </div>
  );
}
