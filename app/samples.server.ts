import { existsSync, readdirSync } from "node:fs";
import type { SampleSection } from "./db/seed.server.ts";

/**
 * The site's sample and starting content, handed to the seed runner (app/db/seed.server.ts)
 * by whoever opens the database: each feature's, found as app/routes.ts finds its screens: a feature with content of
 * its own declares it in `app/features/<name>/sample.server.ts`, whose default export is its
 * list of sections (`satisfies readonly SampleSection[]`). Nothing else names them.
 */
type SampleModule = { default?: readonly SampleSection[] };
const SAMPLE_FILE = "sample.server.ts";
const featuresDir = new URL("./features/", import.meta.url);

/** The features that declare sample content, by folder name (read from the sources). */
export const featuresWithSamples = (): string[] =>
  readdirSync(featuresDir)
    .filter((name) => existsSync(new URL(`${name}/${SAMPLE_FILE}`, featuresDir)))
    .sort();

/**
 * The sample modules by folder name. Vite (the compiled production server, the tests)
 * replaces the glob with the modules it matched at build time; Node running the sources
 * (`npm run dev`, the scripts) has no import.meta.glob, and reads the folder instead.
 */
async function sampleModules(): Promise<[string, SampleModule][]> {
  let bundled: Record<string, SampleModule> | undefined;
  try {
    bundled = import.meta.glob<SampleModule>("./features/*/sample.server.ts", { eager: true });
  } catch {
    bundled = undefined;
  }
  if (bundled) return Object.entries(bundled).map(([file, module]) => [file.split("/")[2], module]);
  return Promise.all(
    featuresWithSamples().map(async (name): Promise<[string, SampleModule]> => [name, (await import(/* @vite-ignore */ new URL(`${name}/${SAMPLE_FILE}`, featuresDir).href)) as SampleModule]),
  );
}

export async function siteSamples(): Promise<SampleSection[]> {
  const modules = (await sampleModules()).sort(([a], [b]) => a.localeCompare(b));
  const features = modules.map(([name, module]) => {
    if (!Array.isArray(module.default)) throw new Error(`app/features/${name}/${SAMPLE_FILE} has no default export listing its sample sections.`);
    return module.default;
  });
  return features.flat();
}
