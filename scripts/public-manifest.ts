/**
 * After the client build: writes `manifest-public-<version>.js` beside the browser's route
 * manifest, the same file without the routes under /admin. Public pages name it
 * (server/public-routes.ts), so a visitor's browser does not fetch and parse the admin
 * area's 130-odd routes on every first visit.
 *
 * Usage: node scripts/public-manifest.ts [buildDir]   (the build script runs it)
 */
import fs from "node:fs";
import path from "node:path";
import { outsideAdminRoutes, publicManifestUrl } from "../server/public-routes.ts";

const PREFIX = "window.__reactRouterManifest=";

type Manifest = { routes: Record<string, { path?: string; parentId?: string }>; url: string };

/**
 * The public manifest's file contents for the whole manifest's contents. The object is
 * written as a JSON text given to `JSON.parse` (in single quotes, so its double quotes stay
 * as they are for compression): V8 reads a JSON text of this size several times faster
 * than the same object as a literal, and the file is evaluated in the same task as the
 * page's modules, where it took about a third of the time (docs/decisions/375).
 */
export function publicManifest(source: string): string {
  if (!source.startsWith(PREFIX)) throw new Error("The route manifest is not in the expected form");
  const manifest = JSON.parse(source.slice(PREFIX.length).replace(/;\s*$/, "")) as Manifest;
  const json = JSON.stringify({ ...manifest, routes: outsideAdminRoutes(manifest.routes), url: publicManifestUrl(manifest.url) });
  return `${PREFIX}JSON.parse('${json.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}');`;
}

if (import.meta.main) {
  const assets = path.resolve(process.argv[2] ?? "build", "client/assets");
  const whole = fs.readdirSync(assets).filter((name) => /^manifest-(?!public-)[^/]+\.js$/.test(name));
  if (whole.length !== 1) throw new Error(`Expected one route manifest in ${assets}, found ${whole.length}`);
  const file = path.join(assets, whole[0]!);
  const out = path.join(assets, path.basename(publicManifestUrl(`/${whole[0]}`)));
  fs.writeFileSync(out, publicManifest(fs.readFileSync(file, "utf8")));
  console.log(`public route manifest: ${path.basename(out)} (${fs.statSync(out).size} of ${fs.statSync(file).size} bytes)`);
}
