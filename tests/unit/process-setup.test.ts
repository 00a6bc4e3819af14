import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { resolveWithinModulePackage } from "../../server/module-format-hook.ts";

const root = path.resolve(import.meta.dirname, "../..");
const fixture = fs.mkdtempSync(path.join(os.tmpdir(), "module-format-hook-"));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
  fs.writeFileSync(path.join(fixture, file), text);
};
write("node_modules/esm-pkg/package.json", JSON.stringify({ name: "esm-pkg", type: "module" }));
write("node_modules/esm-pkg/index.js", 'export { b } from "./lib/b.js";');
write("node_modules/esm-pkg/lib/b.js", "export const b = 1;");
write("node_modules/esm-pkg/broken.js", 'export * from "./lib/missing.js";');
write("node_modules/esm-pkg/cjs/package.json", JSON.stringify({ type: "commonjs" }));
write("node_modules/esm-pkg/cjs/c.js", "module.exports = 1;");
write("node_modules/plain-pkg/package.json", JSON.stringify({ name: "plain-pkg" }));
write("node_modules/plain-pkg/a.js", "module.exports = 1;");
write("app/main.js", "export {};");
const url = (file: string) => pathToFileURL(path.join(fixture, file)).href;
afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

describe("module-format hook", () => {
  it("resolves a relative .js import inside a type-module package as an ES module", () => {
    expect(resolveWithinModulePackage("./lib/b.js", url("node_modules/esm-pkg/index.js"))).toEqual({
      url: pathToFileURL(fs.realpathSync(path.join(fixture, "node_modules/esm-pkg/lib/b.js"))).href,
      format: "module",
    });
  });

  it("leaves everything else to Node", () => {
    const parent = url("node_modules/esm-pkg/index.js");
    expect(resolveWithinModulePackage("./cjs/c.js", parent)).toBeNull(); // nearer package.json: commonjs
    expect(resolveWithinModulePackage("./lib/missing.js", parent)).toBeNull(); // Node reports the error
    expect(resolveWithinModulePackage("esm-pkg", url("app/main.js"))).toBeNull(); // bare specifier
    expect(resolveWithinModulePackage("./a.js", url("node_modules/plain-pkg/a.js"))).toBeNull(); // no "type"
    expect(resolveWithinModulePackage("./main.js", url("app/main.js"))).toBeNull(); // not a package
    expect(resolveWithinModulePackage("./lib/b", parent)).toBeNull(); // not a .js file
  });

  it("takes over drizzle-orm's imports between its own files", () => {
    const parent = pathToFileURL(path.join(root, "node_modules/drizzle-orm/pg-core/index.js")).href;
    expect(resolveWithinModulePackage("./table.js", parent)?.format).toBe("module");
  });

  it("loads drizzle-orm and the fixture package through the hook in a fresh process", () => {
    const script = `
      import { registerModuleFormatHook } from ${JSON.stringify(pathToFileURL(path.join(root, "server/module-format-hook.ts")).href)};
      registerModuleFormatHook();
      const { pgTable } = await import("drizzle-orm/pg-core");
      const { b } = await import(${JSON.stringify(url("node_modules/esm-pkg/index.js"))});
      const missing = await import(${JSON.stringify(url("node_modules/esm-pkg/broken.js"))}).catch((e) => e.code);
      console.log(JSON.stringify({ pgTable: typeof pgTable, b, missing }));
    `;
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toEqual({ pgTable: "function", b: 1, missing: "ERR_MODULE_NOT_FOUND" });
  });
});

describe("prepareProcess", () => {
  const reactBuildAfterSetup = (env: NodeJS.ProcessEnv) => {
    const script = `
      import { prepareProcess } from ${JSON.stringify(pathToFileURL(path.join(root, "server/process-setup.ts")).href)};
      prepareProcess();
      const React = await import("react");
      console.log(JSON.stringify({ nodeEnv: process.env.NODE_ENV, react: typeof React.act === "function" ? "development" : "production" }));
    `;
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8", env });
    expect(result.stderr).toBe("");
    return JSON.parse(result.stdout) as { nodeEnv: string; react: string };
  };

  it("runs React's production build when NODE_ENV is not set (npm start)", () => {
    const { NODE_ENV: _, ...env } = process.env;
    expect(reactBuildAfterSetup(env)).toEqual({ nodeEnv: "production", react: "production" });
  });

  it("keeps an explicit NODE_ENV (npm run dev)", () => {
    expect(reactBuildAfterSetup({ ...process.env, NODE_ENV: "development" })).toEqual({ nodeEnv: "development", react: "development" });
  });
});
