import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const semver = createRequire(import.meta.url)("semver") as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

interface LockedPackage {
  engines?: { node?: string } | string[];
  optional?: boolean;
  hasInstallScript?: boolean;
}

const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, LockedPackage>;
};
const locked = Object.entries(lock.packages).filter(([where]) => where !== "");
const nameOf = (where: string) => where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length);

describe("npm install on the Node version the project asks for", () => {
  const minimum = semver.minVersion(pkg.engines.node)?.version ?? "";

  it("prints no 'Unsupported engine' warning: every installed package accepts the lowest Node that package.json allows", () => {
    expect(minimum).not.toBe("");
    const refusing = locked
      .filter(([, entry]) => !entry.optional)
      .filter(([, entry]) => typeof entry.engines === "object" && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(minimum, (entry.engines as { node: string }).node))
      .map(([where, entry]) => `${nameOf(where)} wants node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it("is the version the README names", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const [major, minor] = minimum.split(".");
    expect(readme).toContain(`Node.js ${major}.${minor} or later`);
  });
});

describe("install scripts (npm's allowScripts)", () => {
  it("declares every package of the lockfile that has an install script, on every platform", () => {
    const withScripts = [...new Set(locked.filter(([, entry]) => entry.hasInstallScript).map(([where]) => nameOf(where)))];
    expect(withScripts.length).toBeGreaterThan(0);
    const undeclared = withScripts.filter((name) => pkg.allowScripts?.[name] !== true);
    expect(undeclared).toEqual([]);
  });

  it("leaves npm nothing to review in this install", () => {
    const result = spawnSync("npm", ["approve-scripts", "--allow-scripts-pending"], { cwd: root, encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("No packages with unreviewed install scripts.");
  }, 60_000); // npm itself starts in 1–3 s, more on a busy machine
});
