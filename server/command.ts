/**
 * How the production server process is started: `node <flags> build/node/main.js`, exactly
 * as package.json's "serve" script says (`npm start` runs it after the build, which
 * compiles server/main.ts to build/node/main.js). The flags size V8's heap
 * (docs/decisions/045-server-memory.md) and only work on the command line, so the
 * benchmark and the browser tests start the server with the arguments from here.
 */
import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "../app/lib/project-root.server.ts";

/** The Node arguments of package.json's "serve" script, with the entry as an absolute path. */
export function serverArgs(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const [command, ...args] = scripts.serve.trim().split(/\s+/);
  const entry = args.at(-1);
  if (command !== "node" || !entry || entry.startsWith("-") || args.slice(0, -1).some((arg) => !arg.startsWith("--"))) {
    throw new Error(`package.json's "serve" script must be "node [--flags] <entry>", not "${scripts.serve}"`);
  }
  return [...args.slice(0, -1), path.join(projectRoot, entry)];
}
