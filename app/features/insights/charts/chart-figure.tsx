/**
 * A chart with its numbers: the SVG picture, the same numbers as a table (for screen
 * readers, and to copy into a spreadsheet), and a CSV of them. No script needed.
 */
import { chartRows, formatValue, type Chart } from "../chart.ts";
import { ChartSvg } from "./chart-svg.tsx";

export function ChartFigure({ chart, csvHref }: { chart: Chart; csvHref: string }) {
  const { header, rows } = chartRows(chart);
  const titleId = `chart-${chart.id}-title`;
  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" data-chart={chart.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={titleId} className="font-display text-xl font-semibold text-brand-900">
            {chart.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{chart.description}</p>
        </div>
        <a href={csvHref} download className="rounded-full border border-brand-600 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50">
          CSV<span className="sr-only"> of {chart.title.toLowerCase()}</span>
        </a>
      </div>
      <div className="mt-3">
        <ChartSvg chart={chart} />
      </div>
      <details className="mt-3 text-sm" open={chart.categories.length <= 6}>
        <summary className="cursor-pointer font-semibold text-brand-800">Table of the numbers</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left" data-chart-table={chart.id}>
            <caption className="sr-only">{chart.title}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                {header.map((h, i) => (
                  <th key={h} scope="col" className={`py-1.5 pr-3 font-semibold ${i > 0 ? "text-right" : ""}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.category} className="border-b border-slate-100">
                  <th scope="row" className="py-1.5 pr-3 font-normal break-all">
                    {row.category}
                  </th>
                  {row.values.map((v, i) => (
                    <td key={i} className="py-1.5 pr-3 text-right tabular-nums" data-value={v}>
                      {formatValue(v, chart.unit)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
