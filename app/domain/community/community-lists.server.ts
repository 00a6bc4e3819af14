/** Shared by the community lists (Community Fund recipients, award winners): grouping by year. */

/** Groups rows by year, newest year first. */
export function groupByYear<T extends { year: number }>(rows: T[]): { year: number; items: T[] }[] {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(row.year, [...(groups.get(row.year) ?? []), row]);
  return [...groups.entries()].sort((a, b) => b[0] - a[0]).map(([year, items]) => ({ year, items }));
}
