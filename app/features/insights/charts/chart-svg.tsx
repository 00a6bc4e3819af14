/**
 * A chart as server-rendered SVG (d3-scale for the axes, d3-shape for lines): no script
 * in the browser, and the same markup goes into the trustees' PDF (svg-to-pdfkit), so
 * colours and fonts are attributes, never classes. The numbers are in the table beside
 * it (ChartFigure); the SVG is a picture of them.
 */
import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { curveMonotoneX, line } from "d3-shape";
import { formatValue, type Chart, type Series, type Unit } from "../chart.ts";
import { formatPence } from "../../../lib/money.ts";

const COLOURS = ["#1d6e55", "#f2b84b", "#4aa585", "#b8760f", "#7cc3a8", "#164739"];
const PREVIOUS = "#b6c2c9";
const INK = "#1f2a2e";
const MUTED = "#5b6770";
const GRID = "#e3e8eb";
const FONT = "Helvetica, Arial, sans-serif";

export const CHART_WIDTH = 720;

function colourOf(chart: Chart, series: Series): string {
  if (series.previous) return PREVIOUS;
  const current = chart.series.filter((s) => !s.previous);
  return COLOURS[current.indexOf(series) % COLOURS.length];
}

/** Axis labels: short money ("£12k"), whole numbers, percentages. */
function tickLabel(value: number, unit: Unit): string {
  if (unit === "pence") return formatPence(Math.round(value), "short");
  if (unit === "percent") return `${value}%`;
  return value.toLocaleString("en-GB", { maximumFractionDigits: 1 });
}

/** Where each legend entry goes, wrapping onto more rows when the chart is narrow. */
function legendLayout(chart: Chart, width: number): { at: [number, number][]; top: number } {
  const at: [number, number][] = [];
  let x = 0;
  let row = 0;
  for (const s of chart.series) {
    const w = 28 + s.label.length * 6.6;
    if (x > 0 && x + w > width) {
      x = 0;
      row += 1;
    }
    at.push([x, row * 18]);
    x += w;
  }
  return { at, top: 16 + (row + 1) * 18 };
}

function Legend({ chart, width }: { chart: Chart; width: number }) {
  const { at } = legendLayout(chart, width);
  return (
    <g transform="translate(0,4)" fontFamily={FONT} fontSize={12} fill={INK}>
      {chart.series.map((s, i) => (
        <g key={s.key} transform={`translate(${at[i][0]},${at[i][1]})`}>
          {chart.kind === "line" ? (
            <line x1={0} x2={16} y1={6} y2={6} stroke={colourOf(chart, s)} strokeWidth={3} strokeDasharray={s.previous ? "4 3" : undefined} />
          ) : (
            <rect width={12} height={12} rx={2} fill={colourOf(chart, s)} />
          )}
          <text x={chart.kind === "line" ? 21 : 17} y={10.5}>
            {s.label}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The least top of an axis, so an empty chart's ticks still read as steps (£0, £20 ... £100). */
const smallestTop = (unit: Unit) => (unit === "pence" ? 10_000 : unit === "percent" ? 100 : 5);

/** A category's axis label: "Apr 2026" as "Apr" with the year under it on the first and each January. */
function AxisLabel({ x, y, text, first }: { x: number; y: number; text: string; first: boolean }) {
  const month = /^([A-Z][a-z]{2}) (\d{4})$/.exec(text);
  if (!month) return <text x={x} y={y} textAnchor="middle" fontFamily={FONT} fontSize={11} fill={MUTED}>{text}</text>;
  return (
    <text x={x} y={y} textAnchor="middle" fontFamily={FONT} fontSize={11} fill={MUTED}>
      {month[1]}
      {(first || month[1] === "Jan") && (
        <tspan x={x} dy={13}>
          {month[2]}
        </tspan>
      )}
    </text>
  );
}

/** Every nth label, so a long axis stays readable. */
const everyNth = (count: number, room: number) => Math.max(1, Math.ceil(count / room));

function ColumnChart({ chart, width: CHART_WIDTH }: { chart: Chart; width: number }) {
  const margin = { top: legendLayout(chart, CHART_WIDTH).top, right: 12, bottom: 38, left: 52 };
  const height = 280;
  const stacks = [...new Set(chart.series.map((s) => s.stack))];
  const totals = chart.categories.flatMap((_, i) =>
    stacks.flatMap((stack) => {
      const values = chart.series.filter((s) => s.stack === stack).map((s) => s.values[i] ?? 0);
      return [values.filter((v) => v > 0).reduce((a, b) => a + b, 0), values.filter((v) => v < 0).reduce((a, b) => a + b, 0)];
    }),
  );
  const y = scaleLinear()
    .domain([Math.min(0, ...totals), Math.max(smallestTop(chart.unit), ...totals)])
    .nice(5)
    .range([height - margin.bottom, margin.top]);
  const x = scaleBand().domain(chart.categories).range([margin.left, CHART_WIDTH - margin.right]).paddingInner(0.25).paddingOuter(0.1);
  const inner = scaleBand().domain(stacks).range([0, x.bandwidth()]).paddingInner(0.08);
  const skip = everyNth(chart.categories.length, Math.floor(CHART_WIDTH / 44));
  return (
    <>
      {y.ticks(5).map((t) => (
        <g key={t}>
          <line x1={margin.left} x2={CHART_WIDTH - margin.right} y1={y(t)} y2={y(t)} stroke={t === 0 ? MUTED : GRID} strokeWidth={1} />
          <text x={margin.left - 8} y={y(t) + 4} textAnchor="end" fontFamily={FONT} fontSize={11} fill={MUTED}>
            {tickLabel(t, chart.unit)}
          </text>
        </g>
      ))}
      {chart.categories.map((category, i) => (
        <g key={category}>
          {stacks.map((stack) => {
            let up = 0;
            let down = 0;
            return chart.series
              .filter((s) => s.stack === stack)
              .map((s) => {
                const v = s.values[i] ?? 0;
                if (v === 0) return null;
                const from = v > 0 ? up : down;
                const to = from + v;
                if (v > 0) up = to;
                else down = to;
                const top = y(Math.max(from, to));
                return (
                  <rect
                    key={s.key}
                    x={(x(category) ?? 0) + (inner(stack) ?? 0)}
                    y={top}
                    width={inner.bandwidth()}
                    height={Math.max(1, Math.abs(y(from) - y(to)))}
                    fill={colourOf(chart, s)}
                  />
                );
              });
          })}
          {i % skip === 0 && <AxisLabel x={(x(category) ?? 0) + x.bandwidth() / 2} y={height - margin.bottom + 16} text={category} first={i === 0} />}
        </g>
      ))}
      <Legend chart={chart} width={CHART_WIDTH} />
    </>
  );
}

function LineChart({ chart, width: CHART_WIDTH }: { chart: Chart; width: number }) {
  const margin = { top: legendLayout(chart, CHART_WIDTH).top, right: 16, bottom: 38, left: 52 };
  const height = 280;
  const max = Math.max(smallestTop(chart.unit), ...chart.series.flatMap((s) => s.values));
  const y = scaleLinear().domain([0, max]).nice(5).range([height - margin.bottom, margin.top]);
  const x = scalePoint().domain(chart.categories).range([margin.left + 6, CHART_WIDTH - margin.right - 6]);
  const skip = everyNth(chart.categories.length, Math.floor(CHART_WIDTH / 70));
  const path = line<number>()
    .x((_, i) => x(chart.categories[i]) ?? 0)
    .y((v) => y(v))
    .curve(curveMonotoneX);
  return (
    <>
      {y.ticks(5).map((t) => (
        <g key={t}>
          <line x1={margin.left} x2={CHART_WIDTH - margin.right} y1={y(t)} y2={y(t)} stroke={t === 0 ? MUTED : GRID} strokeWidth={1} />
          <text x={margin.left - 8} y={y(t) + 4} textAnchor="end" fontFamily={FONT} fontSize={11} fill={MUTED}>
            {tickLabel(t, chart.unit)}
          </text>
        </g>
      ))}
      {chart.categories.map((c, i) =>
        i % skip === 0 ? <AxisLabel key={c} x={x(c) ?? 0} y={height - margin.bottom + 16} text={c} first={i === 0} /> : null,
      )}
      {[...chart.series].reverse().map((s) => (
        <g key={s.key}>
          <path d={path(s.values) ?? ""} fill="none" stroke={colourOf(chart, s)} strokeWidth={s.previous ? 2 : 2.5} strokeDasharray={s.previous ? "5 4" : undefined} />
          {chart.categories.length <= 31 && !s.previous
            ? s.values.map((v, i) => <circle key={i} cx={x(chart.categories[i])} cy={y(v)} r={2.5} fill={colourOf(chart, s)} />)
            : null}
        </g>
      ))}
      <Legend chart={chart} width={CHART_WIDTH} />
    </>
  );
}

const rankLabel = (width: number) => Math.round(width * 0.3);
const clipText = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function rankHeight(chart: Chart, width: number): number {
  const stacks = new Set(chart.series.map((s) => s.stack)).size;
  return legendLayout(chart, width).top + Math.max(1, chart.categories.length) * (stacks * 13 + 12) + 8;
}

function RankChart({ chart, width: CHART_WIDTH }: { chart: Chart; width: number }) {
  const stacks = [...new Set(chart.series.map((s) => s.stack))];
  const rowHeight = stacks.length * 13 + 12;
  const totals = chart.categories.flatMap((_, i) => stacks.map((stack) => chart.series.filter((s) => s.stack === stack).reduce((a, s) => a + Math.max(0, s.values[i] ?? 0), 0)));
  const x = scaleLinear()
    .domain([0, Math.max(1, ...totals)])
    .range([rankLabel(CHART_WIDTH), CHART_WIDTH - 70]);
  return (
    <>
      {chart.categories.map((category, i) => (
        <g key={category} transform={`translate(0,${legendLayout(chart, CHART_WIDTH).top + i * rowHeight})`}>
          <text x={rankLabel(CHART_WIDTH) - 8} y={rowHeight / 2 + 4} textAnchor="end" fontFamily={FONT} fontSize={12} fill={INK}>
            {clipText(category, Math.floor(rankLabel(CHART_WIDTH) / 6.8))}
          </text>
          {stacks.map((stack, k) => {
            let at = 0;
            const parts = chart.series.filter((s) => s.stack === stack);
            const total = parts.reduce((a, s) => a + Math.max(0, s.values[i] ?? 0), 0);
            return (
              <g key={stack} transform={`translate(0,${6 + k * 13})`}>
                {parts.map((s) => {
                  const v = Math.max(0, s.values[i] ?? 0);
                  const from = at;
                  at += v;
                  return v > 0 ? <rect key={s.key} x={x(from)} y={0} width={Math.max(1, x(at) - x(from))} height={11} rx={2} fill={colourOf(chart, s)} /> : null;
                })}
                <text x={x(total) + 6} y={9.5} fontFamily={FONT} fontSize={11} fill={MUTED}>
                  {formatValue(total, chart.unit, true)}
                </text>
              </g>
            );
          })}
        </g>
      ))}
      <Legend chart={chart} width={CHART_WIDTH} />
    </>
  );
}

export function chartHeight(chart: Chart, width = CHART_WIDTH): number {
  return chart.kind === "rank" ? rankHeight(chart, width) : 280;
}

const allZero = (chart: Chart) => chart.series.every((s) => s.values.every((v) => v === 0));

/**
 * The chart's picture, `width` units wide (720 on screens and in the PDF, 360 for phones,
 * where it is drawn at about its own size). `label` names it for screen readers, which
 * are sent to the table for the numbers.
 */
export function ChartSvg({ chart, label, width = CHART_WIDTH, className }: { chart: Chart; label?: string; width?: number; className?: string }) {
  const height = chartHeight(chart, width);
  const empty = chart.categories.length === 0 || allZero(chart);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={label ?? `${chart.title}: chart. The numbers are in the table that follows.`}
      className={className}
      style={{ width: "100%", height: "auto" }}
    >
      {chart.categories.length === 0 ? null : chart.kind === "line" ? (
        <LineChart chart={chart} width={width} />
      ) : chart.kind === "rank" ? (
        <RankChart chart={chart} width={width} />
      ) : (
        <ColumnChart chart={chart} width={width} />
      )}
      {empty && (
        <text x={width / 2} y={height / 2} textAnchor="middle" fontFamily={FONT} fontSize={14} fill={MUTED}>
          Nothing to show for this period.
        </text>
      )}
    </svg>
  );
}
