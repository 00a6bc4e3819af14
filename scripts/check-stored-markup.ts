/**
 * `node scripts/check-stored-markup.ts` (after `npm run build`): every page of the sitemap,
 * a 404 page and the events list's past page are the same bytes, with the same
 * Content-Security-Policy, whether the server writes the public header, footer and event
 * cards from their kept markup or renders them afresh (docs/decisions/361). One fresh
 * database with the sample content; the server runs with `STORED_MARKUP=off`, then on the
 * same database with it on, where each page is loaded twice (the first load may render a
 * part in place and keep it, the second writes what was kept). Exits 1 on a difference.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { get, log, startServer } from "./bench-lib.ts";

const EXTRA = ["/no-such-page", "/events?past=1"];

async function sitemapPaths(origin: string): Promise<string[]> {
  const response = await get(`${origin}/sitemap.xml`);
  if (response.status !== 200) throw new Error(`/sitemap.xml answered ${response.status}`);
  const paths = [...response.body.toString("utf8").matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => {
    const url = new URL(m[1].replaceAll("&amp;", "&"));
    return url.pathname + url.search;
  });
  return [...new Set([...paths, ...EXTRA])];
}

type Page = { status: number; csp: string; body: string };
async function load(origin: string, page: string): Promise<Page> {
  const response = await get(origin + page);
  return { status: response.status, csp: String(response.headers["content-security-policy"] ?? ""), body: response.body.toString("utf8") };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-stored-markup-"));
fs.chmodSync(tmp, 0o755);
const dataDir = path.join(tmp, "data");
fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
const differences: string[] = [];
let pages: string[];
try {
  const fresh: Map<string, Page> = new Map();
  const off = await startServer(dataDir, { PAGE_CACHE: "off", STORED_MARKUP: "off" });
  try {
    pages = await sitemapPaths(off.origin);
    for (const page of pages) fresh.set(page, await load(off.origin, page));
  } finally {
    await off.stop();
  }
  const on = await startServer(dataDir, { PAGE_CACHE: "off", STORED_MARKUP: "on" });
  try {
    for (const round of ["first", "second"]) {
      for (const page of pages) {
        const expected = fresh.get(page)!;
        const got = await load(on.origin, page);
        if (got.status !== expected.status) differences.push(`${page} (${round} load): status ${got.status}, afresh ${expected.status}`);
        if (got.csp !== expected.csp) differences.push(`${page} (${round} load): another Content-Security-Policy`);
        if (got.body !== expected.body) {
          let at = 0;
          while (at < got.body.length && got.body[at] === expected.body[at]) at++;
          differences.push(`${page} (${round} load) differs at ${at}: …${got.body.slice(at - 60, at + 60)}… afresh …${expected.body.slice(at - 60, at + 60)}…`);
        }
      }
    }
  } finally {
    await on.stop();
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
if (differences.length > 0) {
  console.error(differences.join("\n"));
  process.exit(1);
}
log(`${pages.length} pages the same bytes and policy with kept markup (twice) as rendered afresh`);
