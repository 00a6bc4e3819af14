import { existsSync, readdirSync } from "node:fs";
import { CONTENT_SAMPLES } from "./content/samples.server.ts";
import type { SampleSection } from "./db/seed.server.ts";

/**
 * The site's sample and starting content, handed to the seed runner (app/db/seed.server.ts)
 * by whoever opens the database: the layered types' own (app/content/samples.server.ts),
 * then each feature's, found as app/routes.ts finds its screens: a feature with content of
 * its own declares it in `app/features/<name>/sample.server.ts`, whose default export is its
 * list of sections (`satisfies readonly SampleSection[]`). Nothing else names them.
 */
const SAMPLE_FILE = "sample.server.ts";
const featuresDir = new URL("./features/", import.meta.url);

/** The features that declare sample content, by folder name. */
export const featuresWithSamples = (): string[] =>
  readdirSync(featuresDir)
    .filter((name) => existsSync(new URL(`${name}/${SAMPLE_FILE}`, featuresDir)))
    .sort();

export async function siteSamples(): Promise<SampleSection[]> {
  const features = await Promise.all(
    featuresWithSamples().map(async (name) => {
      const module = (await import(/* @vite-ignore */ new URL(`${name}/${SAMPLE_FILE}`, featuresDir).href)) as { default?: readonly SampleSection[] };
      if (!Array.isArray(module.default)) throw new Error(`app/features/${name}/${SAMPLE_FILE} has no default export listing its sample sections.`);
      return module.default;
    }),
  );
  return [...CONTENT_SAMPLES, ...features.flat()];
}
