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
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileCss, criticalCss, cssItems, facesPagesMayLeaveOut, PUBLIC_SHEET } from "../app/lib/critical-css.ts";

export { criticalCss };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

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
  // The same rules as a file, which a public page links once it has painted (for the pages
  // a visitor goes on to within the app, whose classes its own inline part may not have).
  // Without the font faces every page has inline: declared again, they would be new faces,
  // not loaded yet, and headings laid out in the heading font would move. With those a page
  // leaves out when none of its characters is drawn from them (other alphabets' subsets).
  for (const old of fs.readdirSync(assets).filter((name) => PUBLIC_SHEET.test(name))) fs.rmSync(path.join(assets, old));
  const sheet =
    cssItems(critical)
      .filter((item) => !item.prelude.startsWith("@font-face"))
      .map((item) => item.text)
      .join("") + facesPagesMayLeaveOut(compileCss(critical)).join("");
  const hash = createHash("sha256").update(sheet).digest("base64url").slice(0, 8);
  fs.writeFileSync(path.join(assets, `public-${hash}.css`), sheet);
  console.log(`critical CSS: ${(critical.length / 1024).toFixed(1)} KB of ${(css.length / 1024).toFixed(1)} KB (${sheets[0]})`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
