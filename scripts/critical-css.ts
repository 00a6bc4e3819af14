/**
 * After the client build: writes `build/critical.css`, the part of the site's stylesheet
 * that public pages use, which the renderer writes into every public page's head, so
 * their first paint waits for no stylesheet request (app/lib/first-paint.server.ts,
 * docs/decisions/132-public-pages-first-paint.md). Public pages link no other stylesheet.
 *
 * Kept: everything outside the utilities layer (cascade layer order, custom properties,
 * the theme, font faces, the reset and base rules, the site's component rules,
 * keyframes); and each utility rule whose class appears as a word in a file public pages
 * are built from (every file under app/ except the admin area's routes and components),
 * much as Tailwind itself finds classes. A class only staff screens use stays in the
 * linked stylesheet, which they load. tests/e2e/public-first-paint.spec.ts checks that
 * public pages look the same with the whole stylesheet.
 *
 * Usage: node scripts/critical-css.ts [buildDir]   (the build script runs it)
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

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

/** The words (class candidates) of the files public pages are built from. */
function publicWords(appDir: string): Set<string> {
  const words = new Set<string>();
  const skip = [path.join(appDir, "routes/admin"), path.join(appDir, "components/admin")];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      // A feature folder's admin screens live in its admin/ folder (app/features/<name>/admin/).
      if (skip.includes(file) || (entry.name === "admin" && path.dirname(dir) === path.join(appDir, "features"))) continue;
      if (entry.isDirectory()) visit(file);
      else if (/\.(tsx?|css)$/.test(entry.name)) {
        for (const word of fs.readFileSync(file, "utf8").split(/[\s"'`{}]+/)) if (word) words.add(word);
      }
    }
  };
  visit(appDir);
  return words;
}

function main() {
  const buildDir = path.resolve(process.argv[2] ?? path.join(root, "build"));
  const assets = path.join(buildDir, "client/assets");
  const sheets = fs.readdirSync(assets).filter((name) => /^app-[\w-]+\.css$/.test(name));
  if (sheets.length !== 1) throw new Error(`expected one app-*.css in ${assets}, found ${sheets.length}`);
  const css = fs.readFileSync(path.join(assets, sheets[0]), "utf8");
  const critical = criticalCss(css, publicWords(path.join(root, "app")));
  fs.writeFileSync(path.join(buildDir, "critical.css"), critical);
  console.log(`critical CSS: ${(critical.length / 1024).toFixed(1)} KB of ${(css.length / 1024).toFixed(1)} KB (${sheets[0]})`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
