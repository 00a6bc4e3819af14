/**
 * Picking the rules of Tailwind's built stylesheet that a set of class names uses: at build
 * time for every public page together (scripts/critical-css.ts writes `build/critical.css`),
 * and at render time for one page, from the class names in its HTML
 * (app/lib/first-paint.server.ts). A utility rule is kept when its class (the first class of
 * its selector) is used; everything outside the utilities layer is always kept.
 */

/** The public pages' stylesheet as a file of the build's assets (written by scripts/critical-css.ts). */
export const PUBLIC_SHEET = /^public-[\w-]{8}\.css$/;

/** The top-level items of a block of CSS: `prelude{body}` or `statement;`, braces matched. */
export function cssItems(css: string): { prelude: string; body: string | null; text: string }[] {
  const items: { prelude: string; body: string | null; text: string }[] = [];
  let start = 0;
  let i = 0;
  while (i < css.length) {
    const ch = css[i];
    if (ch === '"' || ch === "'") {
      i = css.indexOf(ch, i + 1) + 1 || css.length;
      continue;
    }
    if (css.startsWith("/*", i)) {
      const end = css.indexOf("*/", i + 2);
      i = end < 0 ? css.length : end + 2;
      if (css.slice(start, i).trim().startsWith("/*")) start = i;
      continue;
    }
    if (ch === ";") {
      const text = css.slice(start, i + 1).trim();
      if (text !== ";") items.push({ prelude: text.slice(0, -1), body: null, text });
      start = i = i + 1;
      continue;
    }
    if (ch === "{") {
      let depth = 1;
      let j = i + 1;
      while (j < css.length && depth > 0) {
        const c = css[j];
        if (c === '"' || c === "'") j = css.indexOf(c, j + 1);
        else if (c === "{") depth++;
        else if (c === "}") depth--;
        j++;
      }
      items.push({ prelude: css.slice(start, i).trim(), body: css.slice(i + 1, j - 1), text: css.slice(start, j).trim() });
      start = i = j;
      continue;
    }
    i++;
  }
  return items;
}

/** The class a utility rule is for: the first class of its selector, unescaped. */
function utilityClass(selector: string): string | null {
  const match = /\.((?:\\.|[\w-])+)/.exec(selector);
  return match ? match[1].replace(/\\(.)/g, "$1") : null;
}

/** Keeps the utilities (rules, possibly inside @media or @supports) whose class is in `used`. */
function usedUtilities(css: string, used: ReadonlySet<string>): string {
  let out = "";
  for (const item of cssItems(css)) {
    if (item.body === null) continue;
    if (item.prelude.startsWith("@")) {
      const inner = usedUtilities(item.body, used);
      if (inner) out += `${item.prelude}{${inner}}`;
      continue;
    }
    const name = utilityClass(item.prelude);
    if (name === null || used.has(name)) out += item.text;
  }
  return out;
}

export function criticalCss(css: string, words: ReadonlySet<string>): string {
  let out = "";
  for (const item of cssItems(css)) {
    out += item.prelude === "@layer utilities" && item.body !== null ? `@layer utilities{${usedUtilities(item.body, words)}}` : item.text;
  }
  return out;
}

/**
 * A stylesheet ready to be cut down for one page. Besides the utilities, three parts only
 * declare custom properties, and a page needs those its other rules (or its own inline
 * styles) name: the theme's variables, Tailwind's `@property` registrations and their
 * fallback for browsers without `@property` (the properties layer).
 */
type Piece =
  | string
  | { name: string; text: string; id: number }
  | { open: string; pieces: Piece[] }
  | { declarations: { head: string; list: { name: string; text: string }[]; tail: string } }
  | { property: string; text: string }
  | { face: number; text: string }
  | { elements: string[]; text: string; rule: number }
  | { keyframes: string; text: string };

/** A font face the page may do without: one with a unicode-range (a subset of its font). */
interface FontFace {
  /** Family and style: a later face of the same takes the characters in its range. */
  font: string;
  ranges: [from: number, to: number][];
}

export interface CompiledCss {
  pieces: Piece[];
  /** The font faces with a unicode-range, in the sheet's order (pieces name them by index). */
  faces: FontFace[];
  /** The CSS made lately, by the utilities kept and the names added (pages of one kind share it). */
  made: Map<string, string>;
}

const MADE_KEPT = 200;

function compileUtilities(css: string, ids = { next: 0 }): Piece[] {
  const pieces: Piece[] = [];
  for (const item of cssItems(css)) {
    if (item.body === null) continue;
    if (item.prelude.startsWith("@")) {
      pieces.push({ open: item.prelude, pieces: compileUtilities(item.body, ids) });
      continue;
    }
    const name = utilityClass(item.prelude);
    pieces.push(name === null ? item.text : { name, text: item.text, id: ids.next++ });
  }
  return pieces;
}

/** Inputs whose type has parts of its own that the reset styles (`elementsIn` names them `input[type=…]`). */
const DATE_INPUTS = ["date", "time", "datetime-local", "month", "week"].map((type) => `input[type=${type}]`);
const INPUT_PARTS: [RegExp, string[]][] = [
  [/^::-webkit-(datetime-edit[\w-]*|date-and-time-value|calendar-picker-indicator)$/, DATE_INPUTS],
  [/^::-webkit-(inner|outer)-spin-button$/, ["input[type=number]", ...DATE_INPUTS]],
  [/^::-webkit-search-decoration$/, ["input[type=search]"]],
  [/^::file-selector-button$/, ["input[type=file]"]],
];
/** The input types `elementsIn` names: those INPUT_PARTS are for. */
const NAMED_INPUT_TYPES = new Set(INPUT_PARTS.flatMap(([, inputs]) => inputs.map((input) => input.slice("input[type=".length, -1))));

/**
 * The elements a rule of Tailwind's reset is for, when that is all its selectors say
 * (`hr`, `code,kbd,samp,pre`, `abbr:where([title])`, and the parts of some input types:
 * `::file-selector-button`, a date input's fields); null for any other selector
 * (`:host`, `::placeholder`, `:where(select) optgroup`), which is always kept.
 */
function elementsOf(selectors: string): string[] | null {
  const elements: string[] = [];
  let depth = 0;
  let start = 0;
  const parts: string[] = [];
  for (let i = 0; i <= selectors.length; i++) {
    const ch = selectors[i];
    if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if ((ch === "," && depth === 0) || i === selectors.length) {
      parts.push(selectors.slice(start, i).trim());
      start = i + 1;
    }
  }
  for (const part of parts) {
    const inputPart = INPUT_PARTS.find(([selector]) => selector.test(part));
    if (inputPart) {
      elements.push(...inputPart[1]);
      continue;
    }
    const match = /^([a-z][a-z0-9]*)(?::where\([^()]*\))?$/.exec(part);
    if (!match) return null;
    elements.push(match[1]);
  }
  return elements;
}

/** The base layer's rules, those for some elements only marked with them. */
function compileBase(css: string, rules = { next: 0 }): Piece[] {
  const pieces: Piece[] = [];
  for (const item of cssItems(css)) {
    const elements = item.body === null || item.prelude.startsWith("@") ? null : elementsOf(item.prelude);
    pieces.push(elements ? { elements, text: item.text, rule: rules.next++ } : item.text);
  }
  return pieces;
}

/** The utilities (their ids) these classes keep. */
function keptIds(pieces: Piece[], used: ReadonlySet<string>, ids: number[]): number[] {
  for (const piece of pieces) {
    if (typeof piece === "string") continue;
    if ("id" in piece) {
      if (used.has(piece.name)) ids.push(piece.id);
    } else if ("open" in piece) keptIds(piece.pieces, used, ids);
  }
  return ids;
}

/** A block whose innermost rule only declares custom properties, split into them (null: not such a block). */
function declarationsOf(text: string): Piece | null {
  const open = text.lastIndexOf("{");
  const close = text.indexOf("}", open);
  if (open < 0 || close < 0) return null;
  const list = text
    .slice(open + 1, close)
    .split(";")
    .filter(Boolean)
    .map((declaration) => ({ name: declaration.slice(0, declaration.indexOf(":")), text: declaration }));
  if (!list.every((d) => d.name.startsWith("--"))) return null;
  return { declarations: { head: text.slice(0, open + 1), list, tail: text.slice(close) } };
}

/** `U+20-7E, U+A3, U+4??` as code point ranges (null: not one the browser would take). */
export function unicodeRanges(value: string): [number, number][] | null {
  const ranges: [number, number][] = [];
  for (const part of value.split(",")) {
    const match = /^\s*u\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?\s*$/i.exec(part);
    if (!match) return null;
    const [, from, to] = match;
    if (from.includes("?")) ranges.push([parseInt(from.replaceAll("?", "0"), 16), parseInt(from.replaceAll("?", "F"), 16)]);
    else ranges.push([parseInt(from, 16), parseInt(to ?? from, 16)]);
  }
  return ranges;
}

function fontFaceOf(body: string): FontFace | null {
  const property = (name: string) => new RegExp(`(?:^|;)\\s*${name}\\s*:([^;]*)`, "i").exec(body)?.[1].trim();
  const range = property("unicode-range");
  const ranges = range ? unicodeRanges(range) : null;
  if (!ranges) return null;
  return { font: `${property("font-family")}|${property("font-style") ?? "normal"}|${property("font-weight") ?? "400"}`, ranges };
}

/**
 * Tailwind's properties layer without its `@supports` condition: it gives the `--tw-*`
 * properties their starting values where @property is missing, and with it on every
 * browser a page's CSS needs none of the @property registrations (about 300 bytes of a
 * page, compressed). They only make those properties typed (so that a transition of one
 * is smooth) and not inherited, and the layer sets them on every element; the whole
 * stylesheet, linked once the page has painted, registers them. Null: not that shape.
 */
function unconditional(piece: Piece | null): Extract<Piece, { declarations: unknown }> | null {
  if (!piece || typeof piece === "string" || !("declarations" in piece)) return null;
  const { head, list, tail } = piece.declarations;
  const match = /^@layer properties\{@supports [^{]*\{([^{]*\{)$/.exec(head);
  if (!match || tail !== "}}}") return null;
  return { declarations: { head: `@layer properties{${match[1]}`, list, tail: "}}" } };
}

/**
 * The stylesheet without its hover rules (Tailwind writes every one inside
 * `@media (hover:hover)`): nothing is hovered before the first paint, and the linked
 * stylesheet, which has them, follows it at once.
 */
function withoutHoverRules(css: string): string {
  let out = "";
  for (const item of cssItems(css)) {
    if (item.prelude === "@media (hover:hover)") continue;
    const nested = item.body !== null && /^@(layer|media|supports)\b/.test(item.prelude);
    out += nested && item.body!.includes("@media (hover:hover)") ? `${item.prelude}{${withoutHoverRules(item.body!)}}` : item.text;
  }
  return out;
}

/**
 * Splits a stylesheet once, so that each page's part of it is a walk over its rules. A
 * page's part leaves out the hover rules (`withoutHoverRules`).
 */
export function compileCss(css: string): CompiledCss {
  const pieces: Piece[] = [];
  const faces: FontFace[] = [];
  const items = cssItems(withoutHoverRules(css));
  // The properties layer's fallback, unconditional: the custom properties it gives a
  // starting value need no @property registration (below) for the first paint.
  const fallback = new Set<string>();
  for (const item of items) {
    if (item.prelude !== "@layer properties" || item.body === null) continue;
    const piece = unconditional(declarationsOf(item.text));
    if (piece) for (const d of piece.declarations.list) fallback.add(d.name);
  }
  for (const item of items) {
    const face = item.prelude === "@font-face" && item.body !== null ? fontFaceOf(item.body) : null;
    if (face) pieces.push({ face: faces.push(face) - 1, text: item.text });
    else if (item.prelude === "@layer utilities" && item.body !== null) pieces.push({ open: item.prelude, pieces: compileUtilities(item.body) });
    else if (item.prelude === "@layer base" && item.body !== null) pieces.push({ open: item.prelude, pieces: compileBase(item.body) });
    else if (item.prelude.startsWith("@keyframes ") && item.body !== null) pieces.push({ keyframes: item.prelude.slice("@keyframes ".length).trim(), text: item.text });
    else if (item.prelude === "@layer theme" && item.body !== null) pieces.push(declarationsOf(item.text) ?? item.text);
    else if (item.prelude === "@layer properties" && item.body !== null) pieces.push(unconditional(declarationsOf(item.text)) ?? declarationsOf(item.text) ?? item.text);
    else if (item.prelude.startsWith("@property ")) {
      const property = item.prelude.slice("@property ".length).trim();
      if (!fallback.has(property)) pieces.push({ property, text: item.text });
    } else pieces.push(item.text);
  }
  return { pieces, faces, made: new Map() };
}

/**
 * The font faces a page may leave out (facesFor): those that draw no printable ASCII
 * character, as their @font-face rules. The linked public stylesheet declares these, for
 * pages rendered in the browser later, whose characters the first page's faces may not
 * draw; a face every page has inline is not declared again there (a new, unloaded face).
 * Each with the unicode-range it draws from in the whole sheet (its own without the later
 * faces' of its font): linked after the page's inline faces, a face claiming more would
 * take those characters from the faces that drew them (a Latin face, the headings' basic
 * Latin subset), and when it arrived the headings would be drawn again in it and move.
 */
export function facesPagesMayLeaveOut(compiled: CompiledCss): string[] {
  const always = new Set(facesFor(compiled.faces, ""));
  const texts: string[] = [];
  const visit = (pieces: Piece[]) => {
    for (const piece of pieces) {
      if (typeof piece === "string") continue;
      if ("face" in piece && !always.has(piece.face)) texts.push(withUnicodeRange(piece.text, drawnRanges(compiled.faces, piece.face)));
      else if ("open" in piece) visit(piece.pieces);
    }
  };
  visit(compiled.pieces);
  return texts;
}

/** The characters a face draws: its range without those of the later faces of its font (CSS Fonts). */
function drawnRanges(faces: readonly FontFace[], index: number): [number, number][] {
  const face = faces[index];
  const later = faces.slice(index + 1).filter((other) => other.font === face.font);
  return withoutRanges(face.ranges, later.flatMap((other) => other.ranges));
}

/** An @font-face rule with this unicode-range instead of its own. */
function withUnicodeRange(rule: string, ranges: [number, number][]): string {
  const value = ranges.map(([from, to]) => (from === to ? `U+${from.toString(16)}` : `U+${from.toString(16)}-${to.toString(16)}`)).join(",").toUpperCase();
  return rule.replace(/unicode-range:[^;}]*/i, `unicode-range:${value}`);
}

/** `ranges` without what `taken` holds. */
function withoutRanges(ranges: [number, number][], taken: [number, number][]): [number, number][] {
  let left = ranges;
  for (const [from, to] of taken) {
    left = left.flatMap(([a, b]): [number, number][] => {
      if (to < a || from > b) return [[a, b]];
      return [...(a < from ? [[a, from - 1] as [number, number]] : []), ...(b > to ? [[to + 1, b] as [number, number]] : [])];
    });
  }
  return left;
}

const hex = (point: number) => (point > 0xffff ? `\\u{${point.toString(16)}}` : `\\u${point.toString(16).padStart(4, "0")}`);

/** Finds a character of these ranges (null: none can occur); astral ones need the `u` flag. */
function rangeTest(ranges: [number, number][]): ((text: string) => boolean) | null {
  const bmp = ranges.filter(([from]) => from <= 0xffff).map(([from, to]) => [from, Math.min(to, 0xffff)]);
  const astral = ranges.filter(([, to]) => to > 0xffff).map(([from, to]) => [Math.max(from, 0x10000), to]);
  const tests: RegExp[] = [];
  // Without the `u` flag where it can: V8 then answers at once for a string of one-byte characters.
  if (bmp.length) tests.push(new RegExp(`[${bmp.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join("")}]`));
  if (astral.length) tests.push(new RegExp(`[${astral.map(([from, to]) => `${hex(from)}-${hex(to)}`).join("")}]`, "u"));
  return tests.length ? (text) => tests.some((test) => test.test(text)) : null;
}

/** What a stylesheet's faces need to be chosen for a page, worked out once per stylesheet. */
interface FaceChoice {
  /** The faces printable ASCII is drawn from (every page has some). */
  always: ReadonlySet<number>;
  /** For each other face, whether a text has a character drawn from it. */
  tests: { face: number; test: (text: string) => boolean }[];
}

const choices = new WeakMap<readonly FontFace[], FaceChoice>();

function faceChoice(faces: readonly FontFace[]): FaceChoice {
  let choice = choices.get(faces);
  if (choice) return choice;
  const always = new Set<number>();
  const tests: FaceChoice["tests"] = [];
  faces.forEach((_face, index) => {
    // A character is drawn from the last face of its font whose range holds it (CSS Fonts).
    const drawn = drawnRanges(faces, index);
    if (drawn.some(([from, to]) => from <= 0x7e && to >= 0x20)) always.add(index);
    else {
      const test = rangeTest(drawn);
      if (test) tests.push({ face: index, test });
    }
  });
  choice = { always, tests };
  choices.set(faces, choice);
  return choice;
}

/**
 * The font faces (their indexes) that draw some of these characters: a character is drawn
 * from the last face of its font whose unicode-range holds it (CSS Fonts), so a subset no
 * character of the page falls to is left out. The characters are the page's HTML's (its
 * markup and data too: more than the text, never less); printable ASCII is taken as always
 * there. One search of the HTML for each other face (V8 answers at once for characters a
 * one-byte string cannot hold).
 */
export function facesFor(faces: readonly FontFace[], html: string): number[] {
  const { always, tests } = faceChoice(faces);
  const kept = new Set(always);
  for (const { face, test } of tests) if (test(html)) kept.add(face);
  return [...kept].sort((a, b) => a - b);
}

/** Whether a reset rule for some elements is kept: one of them is on the page (all are, when the page's elements are not given). */
const elementRuleKept = (piece: { elements: string[] }, elements: ReadonlySet<string> | null) => !elements || piece.elements.some((e) => elements.has(e));

/** The reset rules (their numbers) the page's elements keep. */
function keptRules(pieces: Piece[], elements: ReadonlySet<string> | null, rules: number[]): number[] {
  for (const piece of pieces) {
    if (typeof piece === "string") continue;
    if ("elements" in piece) {
      if (elementRuleKept(piece, elements)) rules.push(piece.rule);
    } else if ("open" in piece) keptRules(piece.pieces, elements, rules);
  }
  return rules;
}

function usedPieces(pieces: Piece[], used: ReadonlySet<string>, elements: ReadonlySet<string> | null, out: (string | Piece)[]): boolean {
  let any = false;
  for (const piece of pieces) {
    if (typeof piece === "string") {
      out.push(piece);
      any = true;
    } else if ("name" in piece) {
      if (used.has(piece.name)) {
        out.push(piece.text);
        any = true;
      }
    } else if ("elements" in piece) {
      if (elementRuleKept(piece, elements)) {
        out.push(piece.text);
        any = true;
      }
    } else if ("open" in piece) {
      const inner: (string | Piece)[] = [];
      if (usedPieces(piece.pieces, used, elements, inner) || piece.open === "@layer utilities" || piece.open === "@layer base") {
        out.push(`${piece.open}{`, ...inner, "}");
        any = true;
      }
    } else out.push(piece);
  }
  return any;
}

const CUSTOM_PROPERTY = /--[\w-]+/g;

/**
 * The stylesheet cut down to the utilities these classes use, to the custom properties
 * the rules kept (and `alsoNamed`, a page's inline styles) name, to the font faces
 * `faces` lists (facesFor; all of them when not given), to the reset's rules for the
 * `elements` the page has (elementsIn; all when not given) and to the keyframes the rules
 * kept name.
 */
export function cssForClasses(
  compiled: CompiledCss,
  used: ReadonlySet<string>,
  alsoNamed = "",
  faces?: readonly number[],
  elements?: ReadonlySet<string>,
): string {
  const keptFaces = faces ?? compiled.faces.map((_, index) => index);
  const key = [
    keptIds(compiled.pieces, used, []).join(","),
    [...new Set(alsoNamed.match(CUSTOM_PROPERTY))].sort().join(","),
    keptFaces.join(","),
    keptRules(compiled.pieces, elements ?? null, []).join(","),
  ].join("|");
  let css = compiled.made.get(key);
  if (css === undefined) {
    css = makeCss(compiled, used, alsoNamed, new Set(keptFaces), elements ?? null);
    if (compiled.made.size >= MADE_KEPT) compiled.made.delete(compiled.made.keys().next().value!);
    compiled.made.set(key, css);
  }
  return css;
}

function makeCss(compiled: CompiledCss, used: ReadonlySet<string>, alsoNamed: string, faces: ReadonlySet<number>, elements: ReadonlySet<string> | null): string {
  const parts: (string | Piece)[] = [];
  usedPieces(compiled.pieces, used, elements, parts);
  const named = new Set<string>([...(parts.filter((p) => typeof p === "string").join("") + alsoNamed).matchAll(CUSTOM_PROPERTY)].map((m) => m[0]));
  // Theme variables may name others (the default font names the sans font).
  const theme = parts.flatMap((p) => (typeof p !== "string" && "declarations" in p ? p.declarations.list : []));
  for (let grew = true; grew; ) {
    grew = false;
    for (const d of theme) {
      if (!named.has(d.name)) continue;
      for (const [other] of d.text.slice(d.name.length).matchAll(CUSTOM_PROPERTY)) {
        if (named.has(other)) continue;
        named.add(other);
        grew = true;
      }
    }
  }
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") out += part;
    else if ("declarations" in part) {
      const kept = part.declarations.list.filter((d) => named.has(d.name));
      if (kept.length) out += part.declarations.head + kept.map((d) => d.text).join(";") + part.declarations.tail;
    } else if ("property" in part && named.has(part.property)) out += part.text;
    else if ("face" in part && faces.has(part.face)) out += part.text;
  }
  // The keyframes a kept rule (or theme variable) names, after the rest (their place in
  // the sheet does not matter).
  const kept = out;
  for (const part of parts) {
    if (typeof part !== "string" && "keyframes" in part && new RegExp(`[\\s:,]${part.keyframes}(?![\\w-])`).test(kept)) out += part.text;
  }
  return out;
}

/**
 * The elements a page's HTML has (`<hr`, `<table`...), for the reset's rules: a rule for
 * elements none of which it has is left to the linked stylesheet, like an unused utility.
 * Inputs of the types whose parts the reset styles are named with their type too
 * (`input[type=date]`, as React writes the attribute: `type="date"`).
 */
export function elementsIn(html: string): Set<string> {
  // As /<([a-z][a-z0-9]*)/g would find them, without a match object for each element.
  const elements = new Set<string>();
  for (let at = html.indexOf("<"); at >= 0; at = html.indexOf("<", at + 1)) {
    let end = at + 1;
    let code = html.charCodeAt(end);
    if (code < 97 || code > 122) continue;
    do code = html.charCodeAt(++end);
    while ((code >= 97 && code <= 122) || (code >= 48 && code <= 57));
    const name = html.slice(at + 1, end);
    elements.add(name);
    if (name === "input") {
      const close = html.indexOf(">", end);
      const tag = html.slice(end, close < 0 ? html.length : close);
      const type = /\stype="([\w-]+)"/.exec(tag)?.[1];
      if (type && NAMED_INPUT_TYPES.has(type)) elements.add(`input[type=${type}]`);
    }
  }
  return elements;
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&lt;": "<", "&gt;": ">" };

/** The class lists of an HTML page's elements, each once, in the order they come (React writes `class="…"`, escaped). */
function classListsIn(html: string): Set<string> {
  // Many elements share a class list (cards, links).
  const lists = new Set<string>();
  for (let at = html.indexOf(' class="'); at >= 0; at = html.indexOf(' class="', at)) {
    const start = at + 8;
    at = html.indexOf('"', start);
    if (at < 0) break;
    lists.add(html.slice(start, at));
  }
  return lists;
}

/** The class names an HTML page's elements carry (React writes `class="…"`, escaped). */
export function classesIn(html: string): Set<string> {
  return classesOf(classListsIn(html));
}

/** The class names in these class lists (each list split once). */
function classesOf(lists: ReadonlySet<string>): Set<string> {
  const classes = new Set<string>();
  for (const list of lists) {
    const value = list.includes("&") ? list.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e]) : list;
    for (const name of value.split(" ")) if (name) classes.add(name);
  }
  return classes;
}

/** The CSS made lately for a page's shape (see `cssForPage`), by stylesheet. */
const pageShapes = new WeakMap<CompiledCss, Map<string, string>>();
const SHAPES_KEPT = 200;

/**
 * The CSS one page needs (`cssForClasses` of its classes, `alsoNamed`, the faces its
 * characters need and its elements), remembered by the page's shape: its distinct class
 * lists, elements, faces and `alsoNamed`, which decide the result. Renders of pages of one
 * kind have the same shape, so most skip splitting the lists into classes and matching
 * them against every rule of the sheet; the shape costs one scan of the HTML for each.
 */
export function cssForPage(compiled: CompiledCss, html: string, alsoNamed = ""): string {
  const lists = classListsIn(html);
  const elements = elementsIn(html);
  const faces = facesFor(compiled.faces, html);
  // Faces and elements hold no "|"; the length of `alsoNamed` ends it; the lists are the rest.
  const key = `${faces.join(",")}|${[...elements].join(",")}|${alsoNamed.length}|${alsoNamed}${[...lists].join(" ")}`;
  let shapes = pageShapes.get(compiled);
  if (!shapes) pageShapes.set(compiled, (shapes = new Map()));
  let css = shapes.get(key);
  if (css === undefined) {
    css = cssForClasses(compiled, classesOf(lists), alsoNamed, faces, elements);
    if (shapes.size >= SHAPES_KEPT) shapes.delete(shapes.keys().next().value!);
    shapes.set(key, css);
  }
  return css;
}
