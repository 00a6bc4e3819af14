/**
 * The set-up a newcomer meets: the README names exactly the packages npm warns about on
 * Node 20, the build's report has no empty-chunk lines or timing report, and `npm run dev`
 * declares the browser's dependencies up front (each found late makes Vite reload the page).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it, vi } from "vitest";
import config, { BROWSER_DEPENDENCIES, quietLogger } from "../../vite.config.ts";

const root = new URL("../../", import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe("set-up", () => {
  it("the README names every package whose engines refuse Node 20.19, and no other", () => {
    const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as { packages: Record<string, { name?: string; engines?: { node?: string }; optional?: boolean }> };
    const refusing = Object.entries(lock.packages)
      .filter(([, info]) => !info.optional && info.engines?.node && !semver.satisfies("20.19.0", info.engines.node))
      .map(([path]) => (path === "" ? "this project itself" : path.replace(/^.*node_modules\//, "")))
      .sort();
    const readme = readFileSync(join(root, "README.md"), "utf8").replace(/\s+/g, " ");
    const named = readme.match(/prints (\w+) `EBADENGINE` "Unsupported engine" warnings, one for each package whose `package.json` asks for a newer Node: (.*?)\. They are harmless/);
    expect(named, "the README's sentence on engine warnings").not.toBeNull();
    const listed = named![2]!.replace(/\([^)]*\)/g, "").split(/,|\band\b/).map((s) => s.trim().replace(/`/g, "")).filter(Boolean).sort();
    expect(listed).toEqual(refusing);
    expect(named![1]).toBe(["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"][refusing.length]);
  });

  it("the build's report leaves out empty chunks", () => {
    const logger = quietLogger();
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    logger.info("build/client/assets/healthz-BvRk9kiK.js   0.00 kB │ gzip:  0.02 kB");
    logger.info("build/client/assets/site-abc.js   101.25 kB │ gzip: 33.10 kB");
    // The report as one message of many lines keeps its other lines.
    logger.info("build/client/assets/live-BvRk9kiK.js   0.00 kB │ gzip:  0.02 kB\nbuild/client/assets/root-x.js   4.10 kB │ gzip:  1.90 kB");
    const lines = printed.mock.calls.map((call) => String(call[0]));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("site-abc.js");
    expect(lines[1]).toContain("root-x.js");
    expect(lines.join("\n")).not.toContain("0.00 kB");
    printed.mockRestore();
  });

  it("the build prints no bundler timing report and names its chunk group", () => {
    const client = config.environments!.client!.build!.rolldownOptions!;
    expect(client.checks).toEqual({ bundlerTimings: false });
    expect(config.build!.rolldownOptions!.checks).toEqual({ bundlerTimings: false });
    const groups = (client.output as { codeSplitting: { groups: { debugName?: string }[] } }).codeSplitting.groups;
    expect(groups.every((group) => group.debugName)).toBe(true);
  });

  it("npm run dev pre-declares every package the browser-side code imports", () => {
    const browserSide = [...files(join(root, "app/components")), ...files(join(root, "app/domain")), ...files(join(root, "app/lib"))].filter(
      (f) => /\.tsx?$/.test(f) && !/\.server\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
    );
    const imported = new Set<string>();
    for (const file of browserSide) {
      const source = readFileSync(file, "utf8");
      for (const [, specifier] of source.matchAll(/^import (?!type )[^;]*? from "([^./][^"]*)"/gm)) imported.add(specifier!);
      for (const [, specifier] of source.matchAll(/import\("([^./][^"]*)"\)/g)) imported.add(specifier!);
    }
    const packages = [...imported].filter((s) => !s.startsWith("node:"));
    expect(packages.length).toBeGreaterThan(5);
    expect(packages.filter((p) => !BROWSER_DEPENDENCIES.includes(p)).sort()).toEqual([]);
    expect(config.optimizeDeps).toMatchObject({ include: BROWSER_DEPENDENCIES, noDiscovery: true });
  });
});
