/**
 * Spreadsheet-safe CSV, streamed a batch of rows at a time (`csvStream`), so an export of
 * 100,000 rows holds one batch in memory, not the file. Times are UK local time (GMT or
 * BST), as a spreadsheet reads them: 2026-07-12 14:05:00.
 */
import { formatUk } from "./uk-time.ts";


/**
 * One CSV cell: always quoted (inner quotes doubled), and a value a spreadsheet would read
 * as a formula (starting with =, +, -, @, tab or carriage return) is prefixed with ' so it
 * stays text.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? formatUk(value, "spreadsheet") : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const BOM = "\uFEFF";
const line = (row: readonly unknown[]) => row.map(csvCell).join(",") + "\r\n";

/**
 * CSV streamed a batch at a time: a UTF-8 byte order mark (so Excel reads accents), the
 * header, then each batch as it is read; CRLF line ends.
 */
export function csvStream(header: readonly unknown[], batches: AsyncIterable<readonly (readonly unknown[])[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + line(header)));
        return;
      }
      const next = await iterator.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map(line).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/**
 * Reads a query in batches by keyset (never OFFSET): `page(after)` returns the rows after
 * the last row of the previous batch (`after` is undefined for the first), in a fixed order.
 */
export async function* inBatches<T>(page: (after: T | undefined) => Promise<T[]>, size: number): AsyncGenerator<T[]> {
  let after: T | undefined;
  for (;;) {
    const rows = await page(after);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1];
  }
}
