/**
 * The decision records stay readable: each has its title line, a Status line, the three
 * sections, fits one screen, and is listed in the index (docs/decisions/README.md) with
 * the same status. A record that names a later one as its replacement points at a record
 * that exists.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

const DIR = join(import.meta.dirname, "../../docs/decisions");
const files = readdirSync(DIR).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(join(DIR, "README.md"), "utf8");
const numbers = new Set(files.map((name) => name.slice(0, 3)));

/** Lines as a reader sees them at 80 columns (a long line wraps). */
function screenLines(text: string): number {
  return text
    .trimEnd()
    .split("\n")
    .reduce((lines, line, i) => lines + (i === 0 ? 1 : Math.max(1, Math.ceil(line.length / 80))), 0);
}

describe.each(files)("%s", (name) => {
  const text = readFileSync(join(DIR, name), "utf8");
  const number = name.slice(0, 3);
  const status = /^Status: (.+)$/m.exec(text)?.[1];

  test("has its title, status and the three sections, on one screen", () => {
    expect(text.split("\n")[0]).toMatch(new RegExp(`^# ${number}\\. \\S`));
    expect(status).toMatch(/^(Accepted|(Partly s|S)uperseded by \d{3}.*)$/);
    for (const heading of ["## Context", "## Decision", "## Consequences"]) expect(text).toContain(`\n${heading}\n`);
    expect(screenLines(text)).toBeLessThanOrEqual(40);
  });

  test("is in the index with the same status, and names records that exist", () => {
    const row = index.split("\n").find((line) => line.startsWith(`| ${number} | [`));
    expect(row, `docs/decisions/README.md lists ${number}`).toBeDefined();
    expect(row).toContain(`](${name})`);
    expect(row!.trim().endsWith(`| ${status} |`)).toBe(true);
    for (const [, later] of status!.matchAll(/(\d{3})/g)) expect(numbers.has(later), `record ${later} exists`).toBe(true);
  });
});
