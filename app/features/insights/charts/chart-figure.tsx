/**
 * A chart with its numbers: the SVG picture (a wide one, and a narrow one for phones), the
 * same numbers as a table (for screen readers, and to copy into a spreadsheet), and a CSV
 * of them. No script needed. A chart by month reads its table across (a row per series, a
 * column per month, as a spreadsheet would); a long or ranked one down (a row per item).
 */
import { chartRows, formatValue, type Chart } from "../chart.ts";
import { ChartSvg } from "./chart-svg.tsx";

function TableAcross({ chart }: { chart: Chart }) {
  const { header, rows } = chartRows(chart);
  return (
    <table className="w-full text-left text-sm" data-chart-table={chart.id}>
      <caption className="sr-only">{chart.title}</caption>
      <thead>
        <tr className="border-b border-slate-300">
          <th scope="col" className="py-1.5 pr-3 font-semibold">
            {header[0]}
          </th>
          {rows.map((row) => (
            <th key={row.category} scope="col" className="py-1.5 pr-3 text-right font-semibold whitespace-nowrap">
              {row.category}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {chart.series.map((series, s) => (
          <tr key={series.key} className="border-b border-slate-100">
            <th scope="row" className="py-1.5 pr-3 font-normal whitespace-nowrap">
              {header[s + 1]}
            </th>
            {rows.map((row) => (
              <td key={row.category} className="py-1.5 pr-3 text-right whitespace-nowrap tabular-nums" data-value={row.values[s]}>
                {formatValue(row.values[s], chart.unit)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TableDown({ chart }: { chart: Chart }) {
  const { header, rows } = chartRows(chart);
  return (
    <table className="w-full text-left text-sm" data-chart-table={chart.id}>
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
            <th scope="row" className="py-1.5 pr-3 font-normal [overflow-wrap:anywhere]">
              {row.category}
            </th>
            {row.values.map((v, i) => (
              <td key={i} className="py-1.5 pr-3 text-right whitespace-nowrap tabular-nums" data-value={v}>
                {formatValue(v, chart.unit)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ChartFigure({ chart, csvHref }: { chart: Chart; csvHref: string }) {
  const titleId = `chart-${chart.id}-title`;
  const across = chart.kind !== "rank" && chart.categories.length <= 13;
  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6" data-chart={chart.id}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="font-display text-xl font-semibold text-brand-900">
            {chart.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{chart.description}</p>
        </div>
        <a href={csvHref} download className="shrink-0 rounded-full border border-brand-600 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50">
          CSV<span className="sr-only"> of {chart.title.toLowerCase()}</span>
        </a>
      </div>
      <div className="mx-auto mt-4 max-w-4xl">
        <ChartSvg chart={chart} className="max-sm:hidden" />
        <ChartSvg chart={chart} width={360} className="sm:hidden" />
      </div>
      {chart.categories.length === 0 ? null : across ? (
        <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={`${chart.title}: the numbers`}>
          <TableAcross chart={chart} />
        </div>
      ) : (
        <details className="mt-4" open={chart.categories.length <= 10}>
          <summary className="cursor-pointer text-sm font-semibold text-brand-800">Table of the numbers</summary>
          <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={`${chart.title}: the numbers`}>
            <TableDown chart={chart} />
          </div>
        </details>
      )}
    </section>
  );
}
