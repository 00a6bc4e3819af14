/**
 * Money, the one module for it. Every amount the site keeps, passes or computes with is an
 * integer number of pence; pounds exist only as text: what a person types into a form
 * (read here by `readPence`, never rounded) and what a page, mail, PDF or export shows
 * (written here by `formatPence` or `penceAsPounds`). No floating-point arithmetic on
 * money: the digits are read and written as text. Browser-safe (no Zod, no Node).
 */

/** 1234567 → "1,234,567" (whole pounds), as `toLocaleString("en-GB")` writes it, without loading ICU's number formats in the browser at hydration. */
const group = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const twoDigits = (n: number) => String(n).padStart(2, "0");

/**
 * How an amount is shown:
 * - "auto" (default): pence only when there are any: £12.50, £10, £5,000;
 * - "exact": always with pence: £10.00, £1,250.50 (receipts, ledgers, tickets);
 * - "whole": to the nearest pound: £2,150 (progress figures, chart labels);
 * - "short": chart axes: £950, £12k, £1.5k;
 * - "at-least": a total that only grows, never overstated: £950, £6.5k+ (rounded down).
 */
export type MoneyStyle = "auto" | "exact" | "whole" | "short" | "at-least";

/** An amount in pence as people read it; see `MoneyStyle`. Negative amounts read "-£5.00". */
export function formatPence(pence: number, style: MoneyStyle = "auto"): string {
  if (!Number.isSafeInteger(pence)) throw new TypeError(`An amount of money must be a whole number of pence, not ${pence}`);
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  const pounds = Math.trunc(abs / 100);
  const rest = abs % 100;
  if (style === "at-least") {
    if (pounds < 1000) return `${sign}£${pounds}`;
    const tenths = Math.trunc(pounds / 100);
    return `${sign}£${group(Math.trunc(tenths / 10))}${tenths % 10 === 0 ? "" : `.${tenths % 10}`}k+`;
  }
  if (style === "whole" || style === "short") {
    const rounded = pounds + (rest >= 50 ? 1 : 0);
    if (style === "short" && rounded >= 1000) {
      const tenths = Math.trunc(rounded / 100) + (rounded % 100 >= 50 ? 1 : 0);
      const whole = Math.trunc(tenths / 10);
      return `${sign}£${group(whole)}${tenths % 10 === 0 ? "" : `.${tenths % 10}`}k`;
    }
    return `${sign}£${group(rounded)}`;
  }
  if (style === "auto" && rest === 0) return `${sign}£${group(pounds)}`;
  return `${sign}£${group(pounds)}.${twoDigits(rest)}`;
}

/** An amount in pence as plain pounds for a form field or a spreadsheet: "1250.50", "-3.05" (no £, no commas). */
export function penceAsPounds(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new TypeError(`An amount of money must be a whole number of pence, not ${pence}`);
  const abs = Math.abs(pence);
  return `${pence < 0 ? "-" : ""}${Math.trunc(abs / 100)}.${twoDigits(abs % 100)}`;
}

/**
 * An amount in pence as a number of pounds, for a spreadsheet's numeric cell (HMRC's Gift
 * Aid schedule): read from `penceAsPounds`'s digits, so 1005 is exactly the number 10.05
 * that a person typing "10.05" would get.
 */
export function penceAsPoundsNumber(pence: number): number {
  return Number(penceAsPounds(pence));
}

/** What went wrong reading a typed amount. */
type AmountProblem = "empty" | "format" | "decimals" | "too-large";
export type ReadPence = { ok: true; pence: number } | { ok: false; problem: AmountProblem };

/** The most pounds `readPence` reads (a billion): beyond it the amount is "too-large". */
const MAX_POUND_DIGITS = 9;

/**
 * Reads an amount typed in pounds and pence: "12.50", "12.5", "12", "£1,250.50", ".50".
 * Never rounds ("12.505" is "decimals") and never guesses ("12,50" or "1.2.3" is "format").
 */
export function readPence(input: string): ReadPence {
  const text = input
    .trim()
    .replace(/^£\s*/, "")
    .replace(/,(?=\d{3}(?:\D|$))/g, "");
  if (text === "") return { ok: false, problem: "empty" };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === "" && !match[2])) return { ok: false, problem: "format" };
  const [, pounds, pence = ""] = match;
  if (pence.length > 2) return { ok: false, problem: "decimals" };
  if (pounds.replace(/^0+/, "").length > MAX_POUND_DIGITS) return { ok: false, problem: "too-large" };
  return { ok: true, pence: Number(pounds || "0") * 100 + Number(pence.padEnd(2, "0")) };
}

/**
 * Reads a typed amount between `minPence` and `maxPence`, with a message a person can act on:
 * `{ ok: true, pence }` or `{ ok: false, error }`. `label` starts the messages ("Goal").
 */
export function readAmount(
  input: string,
  { label, minPence, maxPence }: { label: string; minPence: number; maxPence: number },
): { ok: true; pence: number } | { ok: false; error: string } {
  const read = readPence(input);
  const range = `${label} must be between ${formatPence(minPence)} and ${formatPence(maxPence)}`;
  if (!read.ok) {
    if (read.problem === "empty") return { ok: false, error: `${label} is required` };
    if (read.problem === "decimals") return { ok: false, error: `${label} can have no more than 2 digits after the point, for example 1250.50` };
    if (read.problem === "too-large") return { ok: false, error: range };
    return { ok: false, error: `${label} must be in pounds and pence, for example 1250.50` };
  }
  if (read.pence < minPence || read.pence > maxPence) return { ok: false, error: range };
  return read;
}

/**
 * Percentage of `goal` reached, for every progress bar on the site (causes, appeals): whole
 * numbers, rounded down and capped at 100, so a bar never claims more than was raised:
 * 99.6% shows 99%, and 100% only once the goal is reached. Worked out in whole numbers.
 */
export function progressPercent(raisedPence: number, goalPence: number): number {
  if (!(goalPence > 0) || !(raisedPence > 0)) return 0;
  const scaled = raisedPence * 100;
  return Math.min(100, (scaled - (scaled % goalPence)) / goalPence);
}

/** Always with pence: £10.00, £1,250.50 (receipts, ledgers, tickets). */
export const formatPenceExact = (pence: number) => formatPence(pence, "exact");
