/**
 * How the production server process is started: `MALLOC_ARENA_MAX=2 node <flags> build/node/main.js`, exactly
 * as package.json's "serve" script says (`npm start` runs it after the build, which
 * compiles server/main.ts to build/node/main.js). The flags size V8's heap
 * (docs/decisions/045-server-memory.md) and only work on the command line, so the
 * benchmark and the browser tests start the server with the arguments from here.
 */
import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "../app/lib/project-root.server.ts";

const ASSIGNMENT = /^([A-Z][A-Z0-9_]*)=(\S*)$/;

/** package.json's "serve" script: `[NAME=value ...] node [--flags] <entry>`, split into its parts. */
function serveScript(): { env: Record<string, string>; args: string[] } {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const words = scripts.serve.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words.length > 0 && ASSIGNMENT.test(words[0])) {
    const [, name, value] = ASSIGNMENT.exec(words.shift()!)!;
    env[name] = value;
  }
  const [command, ...args] = words;
  const entry = args.at(-1);
  if (command !== "node" || !entry || entry.startsWith("-") || args.slice(0, -1).some((arg) => !arg.startsWith("--"))) {
    throw new Error(`package.json's "serve" script must be "[NAME=value ...] node [--flags] <entry>", not "${scripts.serve}"`);
  }
  return { env, args: [...args.slice(0, -1), path.join(projectRoot, entry)] };
}

/** The Node arguments of package.json's "serve" script, with the entry as an absolute path. */
export function serverArgs(): string[] {
  return serveScript().args;
}

/**
 * The environment the "serve" script sets before `node` (MALLOC_ARENA_MAX=2: the C
 * allocator's arenas, read once at start, docs/decisions/360): spawn the server with it.
 */
export function serverEnv(): Record<string, string> {
  return serveScript().env;
}
