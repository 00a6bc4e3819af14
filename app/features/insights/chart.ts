/**
 * A report's chart as data (browser-safe): what the SVG draws, what the table beside it
 * lists and what its CSV holds all come from this one object, so they cannot disagree.
 */
import { formatPence, penceAsPounds } from "../../lib/money.ts";


export type Unit = "pence" | "count" | "hours" | "percent";

export interface Series {
  key: string;
  label: string;
  /** One value per category (pence, a count, hours or a percentage). */
  values: number[];
  /** Series with the same stack are drawn on top of each other; stacks stand side by side. */
  stack: string;
  /** Drawn muted: the same period a year before. */
  previous?: boolean;
}

export interface Chart {
  /** Stable and URL-safe: the CSV's name and the figure's id. */
  id: string;
  title: string;
  /** One sentence: what is counted, and how. */
  description: string;
  unit: Unit;
  kind: "bars" | "line" | "rank";
  /** What the horizontal axis (or the rank's rows) shows: "Month", "Day", "Page"... */
  categoryLabel: string;
  categories: string[];
  series: Series[];
}

export interface Figure {
  label: string;
  unit: Unit;
  value: number;
  /** The same figure a year before, when there is one to compare with. */
  previous: number | null;
}

const NUMBER = new Intl.NumberFormat("en-GB");

/** A value as people read it: "£1,234.50", "1,234", "12.5 hours", "75%". */
export function formatValue(value: number, unit: Unit, round = false): string {
  if (unit === "pence") return formatPence(Math.round(value), round ? "whole" : "exact");
  if (unit === "hours") return `${NUMBER.format(Math.round(value * 10) / 10)}`;
  if (unit === "percent") return `${NUMBER.format(Math.round(value * 10) / 10)}%`;
  return NUMBER.format(value);
}

/** A value for a spreadsheet: pounds with two decimals, plain numbers otherwise (no thousands separators). */
function csvValue(value: number, unit: Unit): string {
  if (unit === "pence") return penceAsPounds(Math.round(value));
  if (unit === "hours" || unit === "percent") return (Math.round(value * 10) / 10).toString();
  return String(value);
}

const unitName = (unit: Unit) => (unit === "pence" ? " (£)" : unit === "hours" ? " (hours)" : unit === "percent" ? " (%)" : "");

/** The header and rows of a chart's table and CSV: one row per category, one column per series. */
export function chartRows(chart: Chart): { header: string[]; rows: { category: string; values: number[] }[] } {
  return {
    header: [chart.categoryLabel, ...chart.series.map((s) => s.label + unitName(chart.unit))],
    rows: chart.categories.map((category, i) => ({ category, values: chart.series.map((s) => s.values[i] ?? 0) })),
  };
}

const quote = (text: string) => {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** The chart's numbers as CSV (UTF-8 with a byte order mark, CRLF): text quoted and kept as text, numbers bare. */
export function chartCsv(chart: Chart, periodLabel: string): string {
  const { header, rows } = chartRows(chart);
  const lines = [
    [quote(`${chart.title}: ${periodLabel}`)].join(","),
    header.map(quote).join(","),
    ...rows.map((row) => [quote(row.category), ...row.values.map((v) => csvValue(v, chart.unit))].join(",")),
  ];
  return "\uFEFF" + lines.join("\r\n") + "\r\n";
}

/** The change from the year before, as people read it: "up 12%", "down 3%", "no change", "" when nothing to compare. */
export function change(value: number, previous: number | null): string {
  if (previous === null) return "";
  if (previous === 0) return value === 0 ? "no change" : "new this year";
  const pct = Math.round(((value - previous) / Math.abs(previous)) * 100);
  return pct === 0 ? "no change" : pct > 0 ? `up ${pct}%` : `down ${-pct}%`;
}
