/**
 * The fallback rule for public reads (decisions.md): when a read fails, the built-in
 * sample content is shown; when it returns nothing, the sample content is shown unless
 * staff switched "Show sample content when a section is empty" off.
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
  showSampleWhenEmpty: boolean,
): Promise<FallbackResult<T>> {
  try {
    const items = await read();
    if (items.length === 0 && showSampleWhenEmpty) return { items: sample(), sample: true };
    return { items, sample: false };
  } catch (error) {
    logger.error({ err: error, section }, "public read failed; showing sample content");
    return { items: sample(), sample: true };
  }
}
