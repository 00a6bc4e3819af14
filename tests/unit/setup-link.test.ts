import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { announceSetupLink, removeSetupLinkFile, SETUP_LINK_FILE } from "../../server/setup-link.ts";

const URL = "http://localhost:3000/admin/setup/Abc123-secret-token";
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "setup-link-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function capture(isTTY: boolean, dataDir: string) {
  const printed: string[] = [];
  const logged: string[] = [];
  announceSetupLink(URL, { isTTY, dataDir, print: (t) => printed.push(t), log: (fields, message) => logged.push(JSON.stringify({ ...fields, message })) });
  return { printed: printed.join("\n"), logged: logged.join("\n") };
}

describe("the first-run setup link", () => {
  it("on a terminal is printed there and never logged", () => {
    const dir = tempDir();
    const { printed, logged } = capture(true, dir);
    expect(printed).toContain(URL);
    expect(logged).toBe("");
    expect(fs.existsSync(path.join(dir, SETUP_LINK_FILE))).toBe(false);
  });

  it("when the output is a log, goes to a file only the server's user can read, and the log says where", () => {
    const dir = tempDir();
    const { printed, logged } = capture(false, dir);
    expect(printed).toBe("");
    expect(logged).not.toContain("Abc123-secret-token");
    const file = path.join(dir, SETUP_LINK_FILE);
    expect(logged).toContain(file);
    expect(fs.readFileSync(file, "utf8").trim()).toBe(URL);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    removeSetupLinkFile(dir);
    expect(fs.existsSync(file)).toBe(false);
  });
});
