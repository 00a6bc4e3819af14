/**
 * The filters of volunteering's paged staff lists, read from and written to the address
 * (browser-safe: the screens build their page links with them), so a filtered page can
 * be bookmarked and shared, and works without JavaScript.
 */
import { pageParam } from "../../lib/paging.ts";
import type { CheckState } from "./shifts.ts";

const text = (params: URLSearchParams, name: string) => (params.get(name) ?? "").trim().slice(0, 100);

function query(entries: [string, string | number | undefined][]): string {
  const p = new URLSearchParams();
  for (const [name, value] of entries) if (value !== undefined && value !== "" && !(name === "page" && value === 1)) p.set(name, String(value));
  return p.toString();
}

/** Volunteers: `?q=` (name or email), `?check=` (background check as of today), `?page=`. */
export interface VolunteerFilters {
  q: string;
  check: "" | CheckState;
  page: number;
}

const CHECKS: readonly string[] = ["missing", "expired", "ok"] satisfies CheckState[];

export function parseVolunteerFilters(params: URLSearchParams): VolunteerFilters {
  const check = params.get("check") ?? "";
  return { q: text(params, "q"), check: CHECKS.includes(check) ? (check as CheckState) : "", page: pageParam(params) };
}

export const volunteerFiltersQuery = (f: Partial<VolunteerFilters>) =>
  query([
    ["q", f.q],
    ["check", f.check],
    ["page", f.page],
  ]);

/** Opportunities: `?q=` (title or place), `?when=upcoming` (with shifts still to come), `?page=`. */
export interface OpportunityFilters {
  q: string;
  when: "" | "upcoming";
  page: number;
}

export function parseOpportunityFilters(params: URLSearchParams): OpportunityFilters {
  return { q: text(params, "q"), when: params.get("when") === "upcoming" ? "upcoming" : "", page: pageParam(params) };
}

export const opportunityFiltersQuery = (f: Partial<OpportunityFilters>) =>
  query([
    ["q", f.q],
    ["when", f.when],
    ["page", f.page],
  ]);
