/**
 * How the production server process is started: `node <flags> server/main.ts`, exactly as
 * package.json's "serve" script says (`npm start` runs it after the build). The flags size
 * V8's heap (docs/decisions/045-server-memory.md) and only work on the command line, so
 * the benchmark and the browser tests start the server with the arguments from here.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The Node arguments of package.json's "serve" script, with the entry as an absolute path. */
export function serverArgs(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const [command, ...args] = scripts.serve.trim().split(/\s+/);
  if (command !== "node" || args.at(-1) !== "server/main.ts") {
    throw new Error(`package.json's "serve" script must be "node [flags] server/main.ts", not "${scripts.serve}"`);
  }
  return [...args.slice(0, -1), path.join(root, "server/main.ts")];
}
