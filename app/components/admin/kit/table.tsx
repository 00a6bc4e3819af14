/**
 * The admin kit's table: a caption for screen readers, one header row, a row per item,
 * scrolling sideways on small screens. Each screen declares its columns (header and
 * cell); `framed` draws its own card, otherwise it sits inside one.
 */
import type { ReactNode } from "react";

export interface TableColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** Classes of the column's cells (e.g. "font-mono text-xs"). */
  className?: string;
}

export function Table<T extends { id: number | string }>({
  caption,
  columns,
  items,
  minWidth,
  framed = false,
}: {
  caption: string;
  columns: TableColumn<T>[];
  items: T[];
  /** The width under which it scrolls (a Tailwind class, e.g. "min-w-[46rem]"). */
  minWidth: string;
  framed?: boolean;
}) {
  const pad = framed ? "px-3 py-2" : "py-2 pr-3";
  return (
    <div className={`mt-3 overflow-x-auto ${framed ? "rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" : ""}`}>
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={framed ? "bg-slate-50 text-slate-700" : "text-slate-700"}>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={pad}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {items.map((item) => (
            <tr key={item.id}>
              {columns.map((column) => (
                <td key={column.header} className={`${pad} ${column.className ?? ""}`}>
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
