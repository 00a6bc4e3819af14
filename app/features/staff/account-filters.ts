/**
 * The Users screen's filters, read from and written to its address (?q=&access=&page=).
 * Browser-safe: the screen builds its page links with them.
 */

/** Who the list shows: everyone, one role, or accounts without staff access. */
export const ACCOUNT_ACCESS = ["all", "administrator", "editor", "none"] as const;
type AccountAccess = (typeof ACCOUNT_ACCESS)[number];

export interface AccountFilters {
  /** Part of an email address (any case; %, _ and \ match themselves). */
  q: string;
  access: AccountAccess;
  page: number;
}

/** Anything unknown falls back to all accounts and page 1. */
export function parseAccountFilters(params: URLSearchParams): AccountFilters {
  const access = ACCOUNT_ACCESS.find((a) => a === params.get("access")) ?? "all";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    access,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

/** The Users screen's address with these filters (defaults left out). */
export function accountsPath(filters: AccountFilters): string {
  const query = new URLSearchParams();
  if (filters.q) query.set("q", filters.q);
  if (filters.access !== "all") query.set("access", filters.access);
  if (filters.page > 1) query.set("page", String(filters.page));
  const search = query.toString();
  return `/admin/users${search ? `?${search}` : ""}`;
}
