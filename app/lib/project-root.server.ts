/**
 * The project folder: the nearest folder up from this module with a package.json. The
 * same from the TypeScript sources (app/lib/) and from the compiled server in build/,
 * wherever the bundler puts this module.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
