import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverArgs, serverEnv } from "../../server/command.ts";

const root = path.resolve(import.meta.dirname, "../..");

describe("the server's command line (package.json's serve script)", () => {
  it("is node with heap flags, then the compiled entry as an absolute path", () => {
    const args = serverArgs();
    expect(args.at(-1)).toBe(path.join(root, "build/node/main.js"));
    expect(args.slice(0, -1).every((arg) => arg.startsWith("--"))).toBe(true);
    // Optimised code compiled on the main thread: about 50 MB less at the peak under load.
    expect(args).toContain("--no-concurrent-recompilation");
  });

  it("starts node with two C allocator arenas, set before node as the script says, never passed to node as an argument", () => {
    // glibc reads MALLOC_ARENA_MAX once at start: about 11 MB less resident at start and at the peak under load.
    expect(serverEnv()).toEqual({ MALLOC_ARENA_MAX: "2" });
    expect(serverArgs().some((arg) => arg.includes("MALLOC"))).toBe(false);
    const result = spawnSync(process.execPath, ["-e", "console.log(process.env.MALLOC_ARENA_MAX)"], { encoding: "utf8", env: { ...process.env, ...serverEnv() } });
    expect(result.stdout.trim()).toBe("2");
  });

  it("gives the Node process a heap of about 512 MB, not one sized from the machine's memory (and Node accepts every flag)", () => {
    const flags = serverArgs().slice(0, -1);
    const script = `const v8 = require("node:v8"); console.log(JSON.stringify({ limit: v8.getHeapStatistics().heap_size_limit }));`;
    const result = spawnSync(process.execPath, [...flags, "-e", script], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    const { limit } = JSON.parse(result.stdout) as { limit: number };
    // Without flags V8 sizes the heap from the machine's memory (about 4 GB here).
    expect(limit / 2 ** 20).toBeGreaterThanOrEqual(512);
    expect(limit / 2 ** 20).toBeLessThan(600);
  });
});
