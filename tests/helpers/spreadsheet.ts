/**
 * Reads back the spreadsheets the site writes (the Gift Aid schedule): the first sheet's
 * rows, and the number formats its styles declare.
 */
import { strFromU8, unzipSync } from "fflate";
import { readSheet } from "read-excel-file/node";

type Cell = string | number | boolean | Date | null;

/** The first sheet's rows, the header row first; an empty cell is null. */
export async function sheetRows(file: Buffer | string): Promise<Cell[][]> {
  return (await readSheet(file)) as Cell[][];
}

/** The custom number format codes of a workbook (e.g. "0.00" for amounts, "@" for text). */
export function numberFormats(buffer: Buffer): string[] {
  const styles = strFromU8(unzipSync(new Uint8Array(buffer))["xl/styles.xml"]);
  return [...styles.matchAll(/formatCode="([^"]*)"/g)].map((m) => m[1]);
}
