/**
 * The fallback rule for public reads (docs/decisions/047-sample-content.md): sample
 * content is seeded into the database on a fresh install only, so what a section shows
 * is what staff keep there, and an empty section shows its empty state. Only when the
 * read itself fails is the built-in sample content shown, so a visitor never meets a
 * broken page.
 */
import { logger } from "../lib/logger.server.ts";

export interface FallbackResult<T> {
  items: T[];
  /** True when the items are the built-in samples rather than the database's. */
  sample: boolean;
}

export async function withSampleFallback<T>(
  section: string,
  read: () => Promise<T[]>,
  sample: () => T[],
): Promise<FallbackResult<T>> {
  try {
    return { items: await read(), sample: false };
  } catch (error) {
    logger.error({ err: error, section }, "public read failed; showing sample content");
    return { items: sample(), sample: true };
  }
}
