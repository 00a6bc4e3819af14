/**
 * The seed runner: writes the sample and starting content that features and app/content
 * declare (`SampleSection`), with three guarantees, whoever declared it:
 * - first start: when the site_settings row (id 1) does not exist yet, the settings row and
 *   every "first-start" section are written in ONE transaction, serialised against
 *   concurrent first starts; later starts write none of it, so staff edits and deletions
 *   are never undone;
 * - sections added later ("added"): each written once, the first time the site starts with
 *   it (a fresh install or an upgrade), recorded in content_seeded so it is never written
 *   again, even when staff empty the section;
 * - examples ("example"): records that show what a staff screen is for (sample supporters,
 *   gifts, visits...), written by the server's start only (never into the tests' template
 *   database), each once (content_seeded) in its own transaction, under its own rule.
 * The platform imports no feature: the composition root (app/samples.server.ts) collects
 * the declarations and passes them in.
 */
import { sql } from "drizzle-orm";
import { DEFAULT_SETTINGS, SAMPLE_HERO_SUBTITLE } from "../content/sample-content.ts";
import { logger } from "../lib/logger.server.ts";
import type { Database } from "./client.server.ts";
import * as t from "./schema.ts";

type SeedTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * What an example's write found: "written"; "skipped" (not for this site, e.g. one with
 * real people: recorded as done, never tried again); "not-yet" (its preconditions may come:
 * not recorded, tried again at the next start).
 */
type SeedOutcome = "written" | "skipped" | "not-yet";

/** One section of sample or starting content, declared beside its table. */
export interface SampleSection {
  /** Its name, unique; for "added" and "example" sections, its row in content_seeded. */
  section: string;
  /** When it is written (see this module's comment). */
  seed: "first-start" | "added" | "example";
  /** Sections written before this one (the runner fails on a name it does not know). */
  after?: readonly string[];
  /** Writes the rows in the runner's transaction (content_seeded locked for "added" and "example"). */
  write(tx: SeedTransaction): Promise<SeedOutcome | void>;
  /** An example's work after its transaction committed, when it wrote (calls through other features' APIs, change notices). */
  afterCommit?(): Promise<void>;
}

/** The sections in the order they are written: each after those it names, otherwise as given. */
function seedOrder(sections: readonly SampleSection[]): SampleSection[] {
  const byName = new Map<string, SampleSection>();
  for (const s of sections) {
    if (byName.has(s.section)) throw new Error(`Two sample sections are named "${s.section}".`);
    byName.set(s.section, s);
  }
  const ordered: SampleSection[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (s: SampleSection) => {
    if (state.get(s.section) === "done") return;
    if (state.get(s.section) === "visiting") throw new Error(`Sample sections wait for each other: "${s.section}".`);
    state.set(s.section, "visiting");
    for (const name of s.after ?? []) {
      const before = byName.get(name);
      if (!before) throw new Error(`Sample section "${s.section}" comes after "${name}", which no feature declares.`);
      visit(before);
    }
    state.set(s.section, "done");
    ordered.push(s);
  };
  sections.forEach(visit);
  return ordered;
}

const ofKind = (sections: readonly SampleSection[], seed: SampleSection["seed"]) => seedOrder(sections).filter((s) => s.seed === seed);

/** The first start's content, in one transaction; false when the site had started before. */
export async function seedIfEmpty(db: Database, sections: readonly SampleSection[]): Promise<boolean> {
  const firstStart = ofKind(sections, "first-start");
  return db.transaction(async (tx) => {
    // Serialise concurrent first starts.
    await tx.execute(sql`lock table site_settings in exclusive mode`);
    const existing = await tx.select({ id: t.siteSettings.id }).from(t.siteSettings).limit(1);
    if (existing.length > 0) return false;
    await tx.insert(t.siteSettings).values({ ...DEFAULT_SETTINGS, hero_subtitle: SAMPLE_HERO_SUBTITLE });
    for (const section of firstStart) await section.write(tx);
    return true;
  });
}

async function claimed(tx: SeedTransaction, section: string): Promise<boolean> {
  const rows = await tx.select({ section: t.contentSeeded.section }).from(t.contentSeeded).where(sql`${t.contentSeeded.section} = ${section}`);
  return rows.length > 0;
}

/** The "added" sections not written yet, in one transaction; answers the ones written. */
export async function seedNewSections(db: Database, sections: readonly SampleSection[]): Promise<string[]> {
  const added = ofKind(sections, "added");
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table content_seeded in exclusive mode`);
    const written: string[] = [];
    for (const section of added) {
      if (await claimed(tx, section.section)) continue;
      await section.write(tx);
      await tx.insert(t.contentSeeded).values({ section: section.section });
      written.push(section.section);
    }
    return written;
  });
}

/**
 * One example, in its own transaction (its afterCommit after it): true when it wrote.
 * Its `after` sections are not looked at (seedExamples orders them).
 */
export async function writeExample(db: Database, section: SampleSection): Promise<boolean> {
  const outcome = await db.transaction(async (tx): Promise<SeedOutcome> => {
    await tx.execute(sql`lock table content_seeded in exclusive mode`);
    if (await claimed(tx, section.section)) return "skipped";
    const result = (await section.write(tx)) ?? "written";
    if (result !== "not-yet") await tx.insert(t.contentSeeded).values({ section: section.section });
    return result;
  });
  if (outcome !== "written") return false;
  await section.afterCommit?.();
  return true;
}

/**
 * The examples, in order; one that fails is logged (tried again at the next start unless
 * its transaction had committed) and the others still go. Answers the ones written.
 */
export async function seedExamples(db: Database, sections: readonly SampleSection[]): Promise<string[]> {
  const written: string[] = [];
  for (const section of ofKind(sections, "example")) {
    try {
      if (await writeExample(db, section)) written.push(section.section);
    } catch (error) {
      logger.warn({ err: error, section: section.section }, "sample content not written");
    }
  }
  return written;
}
