/**
 * The seed runner with the content the features declare (app/samples.server.ts): every
 * declaration is found, the first start is one transaction, and a second start writes nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { seedExamples, seedIfEmpty, seedNewSections, type SampleSection } from "../../app/db/seed.server.ts";
import { SAMPLE_TRUSTEES } from "../../app/features/trustees/index.ts";
import { featuresWithSamples, siteSamples } from "../../app/samples.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const featuresDir = path.join(import.meta.dirname, "../../app/features");

/** Every non-test file under app/features that declares sample sections. */
function declaringFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && /satisfies readonly SampleSection\[\]|: (readonly )?SampleSection\[\]/.test(readFileSync(file, "utf8")))
        found.push(path.relative(featuresDir, file));
    }
  };
  walk(featuresDir);
  return found.sort();
}

const count = async (table: string) => (await getDb().execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0].n;

/** Row counts of every table of the site (the job queue's schema aside). */
async function everyTableCount(): Promise<Record<string, number>> {
  const tables = await getDb().execute<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) counts[name] = await count(`"${name}"`);
  return counts;
}

describe("sample content by discovery", () => {
  it("finds every feature's declaration: one in a file the start does not read fails here", () => {
    expect(declaringFiles()).toEqual(featuresWithSamples().map((name) => path.join(name, "sample.server.ts")));
  });

  it("hands every declared section to the runner, once, in an order it can keep", async () => {
    const samples = await siteSamples();
    const names = samples.map((s) => s.section);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ["sample-trustees", "sample-causes", "sample-fund-recipients", "sample-award-winners", "award-round", "faqs", "sample-sponsors", "sample-supporters", "sample-events"]) {
      expect(names).toContain(name);
    }
    // Examples that name another section come after it.
    await expect(seedExamples(getDb(), [{ section: "lonely", seed: "example", after: ["nobody-declares-this"], write: async () => "written" }])).rejects.toThrow(/nobody-declares-this/);
  });

  it("a new site starts with the features' sample content", async () => {
    for (const table of ["trustees", "causes", "fund_recipients", "award_winners", "award_round", "faqs", "events", "legal_pages"]) {
      expect(await count(table), table).toBeGreaterThan(0);
    }
  });

  it("writes the first start's content in one transaction: a failing section leaves no settings row", async () => {
    await getDb().execute(sql`delete from site_settings`);
    const trustees = await count("trustees");
    const failing: SampleSection = {
      section: "broken",
      seed: "first-start",
      write: async () => {
        throw new Error("disk full");
      },
    };
    // (The other first-start sections would collide with this database's rows: the trustees stand for them.)
    const board = (await siteSamples()).filter((s) => s.section === "sample-trustees");
    await expect(seedIfEmpty(getDb(), [...board, failing])).rejects.toThrow("disk full");
    expect(await count("site_settings")).toBe(0);
    expect(await count("trustees")).toBe(trustees);
    // The next start writes it all.
    expect(await seedIfEmpty(getDb(), board)).toBe(true);
    expect(await count("site_settings")).toBe(1);
    expect(await count("trustees")).toBe(trustees + SAMPLE_TRUSTEES.length);
  });

  it("serialises two first starts at once: one writes, the other finds the site started", async () => {
    await getDb().execute(sql`delete from site_settings`);
    const trustees = await count("trustees");
    const board = (await siteSamples()).filter((s) => s.section === "sample-trustees");
    const results = await Promise.all([seedIfEmpty(getDb(), board), seedIfEmpty(getDb(), board)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await count("site_settings")).toBe(1);
    expect(await count("trustees")).toBe(trustees + SAMPLE_TRUSTEES.length);
  });

  it("a second start writes nothing, even after staff empty a section", async () => {
    const samples = await siteSamples();
    // The first start of this database: the examples a new site gets.
    expect(await seedExamples(getDb(), samples)).toEqual(expect.arrayContaining(["sample-supporters", "sample-sponsors", "sample-giving", "sample-newsletter"]));
    await getDb().execute(sql`delete from faqs`);
    await getDb().execute(sql`delete from sponsors`);
    const before = await everyTableCount();
    expect(before.faqs).toBe(0);
    expect(await seedIfEmpty(getDb(), samples)).toBe(false);
    expect(await seedNewSections(getDb(), samples)).toEqual([]);
    expect(await seedExamples(getDb(), samples)).toEqual([]);
    expect(await everyTableCount()).toEqual(before);
  });
});
