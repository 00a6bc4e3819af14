/**
 * A module-resolution hook that cuts the server's start-up memory by more than half.
 *
 * While resolving an import, Node 24 works out the module format of the target file from
 * its package.json and, in doing so, parses that file's whole `exports` map again, once
 * for every module. drizzle-orm has about 450 modules that import each other and a 179 KB
 * package.json: loading it parsed that file hundreds of times, took about 300 ms and left
 * some 150 MB of garbage, which set the process's peak memory
 * (docs/decisions/043-start-up-memory.md).
 *
 * The hook resolves the one common case itself: a relative `.js` import from a module under
 * `node_modules` to a file whose nearest package.json says `"type": "module"`. It answers
 * with the file and its format from its own cache, so Node skips the lookup. Anything else
 * (bare specifiers, missing files, other packages) goes to Node's own resolver as before.
 */
import fs from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const moduleTypeOfDir = new Map<string, boolean>();

/** Whether the nearest package.json above `dir` declares `"type": "module"` (cached per directory). */
function isModulePackageDir(dir: string): boolean {
  const known = moduleTypeOfDir.get(dir);
  if (known !== undefined) return known;
  let answer: boolean;
  const manifest = path.join(dir, "package.json");
  if (fs.existsSync(manifest)) {
    try {
      answer = (JSON.parse(fs.readFileSync(manifest, "utf8")) as { type?: unknown }).type === "module";
    } catch {
      answer = false;
    }
  } else {
    const parent = path.dirname(dir);
    answer = parent !== dir && isModulePackageDir(parent);
  }
  moduleTypeOfDir.set(dir, answer);
  return answer;
}

/**
 * The hook's answer for `specifier` imported from `parentURL`: the file and its format
 * when it is a relative `.js` import inside `node_modules` to an existing file of a
 * `"type": "module"` package, otherwise null (Node's own resolver decides).
 */
export function resolveWithinModulePackage(specifier: string, parentURL: string | undefined) {
  if (!(specifier.startsWith("./") || specifier.startsWith("../")) || !specifier.endsWith(".js")) return null;
  if (!parentURL?.startsWith("file:") || !parentURL.includes("/node_modules/")) return null;
  const file = fileURLToPath(new URL(specifier, parentURL));
  if (!isModulePackageDir(path.dirname(file)) || !fs.existsSync(file)) return null;
  return { url: pathToFileURL(fs.realpathSync(file)).href, format: "module" as const };
}

export function registerModuleFormatHook() {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = resolveWithinModulePackage(specifier, context.parentURL);
      return resolved ? { ...resolved, shortCircuit: true } : nextResolve(specifier, context);
    },
  });
}
