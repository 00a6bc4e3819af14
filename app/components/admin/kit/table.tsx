/**
 * The admin kit's table: a caption for screen readers, one header row, a row per item,
 * scrolling sideways on small screens, or with `stacked`, one block per row on phones
 * (each cell on its own line, after its column's `phoneLabel`). Each screen declares its
 * columns (header and cell); `framed` draws its own card, otherwise it sits inside one.
 */
import type { ReactNode } from "react";

export interface TableColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** Classes of the column's cells (e.g. "font-mono text-xs"). */
  className?: string;
  /** Stacked tables: the words before the cell on phones ("Role: "). */
  phoneLabel?: string;
  /** Right-aligned, header and cells (quantities, amounts, a row's actions). */
  align?: "right";
  /** The header for screen readers only (a column of actions). */
  hiddenHeader?: boolean;
}

/** Stacked on phones: rows and cells become blocks, the header row is left to screen readers. */
const STACKED = {
  table: "max-sm:block",
  head: "max-sm:sr-only",
  body: "max-sm:block",
  row: "max-sm:block max-sm:py-2",
  cell: "max-sm:block max-sm:py-1 max-sm:before:font-semibold max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]",
};

export function Table<T extends { id: number | string }>({
  caption,
  columns,
  items,
  minWidth,
  framed = false,
  stacked = false,
  rowAttributes,
}: {
  caption: string;
  columns: TableColumn<T>[];
  items: T[];
  /** The width under which it scrolls (a Tailwind class, e.g. "min-w-[46rem]"); for a stacked table, from the sm breakpoint: "sm:min-w-[44rem]". */
  minWidth: string;
  framed?: boolean;
  stacked?: boolean;
  /** data-* attributes of an item's row (tests find rows by them). */
  rowAttributes?: (item: T) => Record<`data-${string}`, string>;
}) {
  const pad = framed ? "px-3 py-2" : "py-2 pr-3";
  const on = (classes: string) => (stacked ? classes : "");
  return (
    <div className={`relative mt-3 ${stacked ? "sm:overflow-x-auto" : "overflow-x-auto"} ${framed ? "rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" : ""}`}>
      <table className={`w-full ${minWidth} text-left text-sm ${on(STACKED.table)}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={`${framed ? "bg-slate-50 text-slate-700" : "text-slate-700"} ${on(STACKED.head)}`}>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`${pad} whitespace-nowrap ${column.align === "right" ? "text-right" : ""}`}>
                {column.hiddenHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-200 ${on(STACKED.body)}`}>
          {items.map((item) => (
            <tr key={item.id} className={on(`align-top ${STACKED.row}`)} {...rowAttributes?.(item)}>
              {columns.map((column) => (
                <td key={column.header} data-label={stacked ? column.phoneLabel : undefined} className={`${pad} ${column.align === "right" ? "text-right" : ""} ${column.className ?? ""} ${on(STACKED.cell)}`}>
                  {column.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
