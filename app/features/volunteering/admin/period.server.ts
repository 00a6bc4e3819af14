/** The period of the hours screen and its CSV: a financial year (?year=2026) or dates (?from=&to=). */
import { financialYear, financialYearOf } from "../shifts.ts";
import { ukDate } from "../../../lib/uk-time.ts";

const ISO = /^\d{4}-\d{2}-\d{2}$/;

export interface Period {
  from: string;
  to: string;
  label: string;
  year: number | null;
}

export function periodOf(url: URL): Period {
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  if (ISO.test(from) && ISO.test(to) && from <= to) return { from, to, label: `${from} to ${to}`, year: null };
  const asked = Number(url.searchParams.get("year"));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : financialYearOf(ukDate());
  const fy = financialYear(year);
  return { from: fy.from, to: fy.to, label: `Financial year ${fy.label}`, year };
}
