/**
 * The filter bar of the admin lists (inbox, donations, users): a GET form (the address holds the
 * filters, so they can be bookmarked and work without JavaScript) with the screen's own
 * filters, the search box, Filter, and Clear when a filter is set. `FilterSelect` and
 * `FilterInput` are its labelled fields.
 */
import { useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { Form, Link, useLocation } from "react-router";

const label = "block text-sm font-semibold text-slate-800";
const control = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base";

export function FilterBar({
  label: name,
  q,
  clearTo,
  filtered,
  className,
  placeholder = "Name, email or reference",
  children,
}: {
  /** The search region's name ("Filter submissions"). */
  label: string;
  /** The search words now in the address. */
  q: string;
  /** The list without filters. */
  clearTo: string;
  filtered: boolean;
  /** The grid's columns (Tailwind classes). */
  className: string;
  /** What the search box looks for. */
  placeholder?: string;
  children: ReactNode;
}) {
  // Its fields show what the address holds: an address it did not send itself (Clear, Back,
  // a page link) starts them afresh. Its own submission keeps them, so a choice made while
  // that answer is on its way is not thrown away.
  const { search } = useLocation();
  const [sent, setSent] = useState<string | null>(null);
  const [shown, setShown] = useState(search);
  const [generation, setGeneration] = useState(0);
  if (search !== shown) {
    setShown(search);
    if (search.replace(/^\?/, "") !== sent) setGeneration(generation + 1);
  }
  return (
    <Form
      key={generation}
      onSubmit={(event) => setSent(new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>).toString())}
      method="get" className={`mt-6 grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ${className}`} role="search" aria-label={name}>
      {children}
      <FilterInput label="Search" type="search" name="q" defaultValue={q} placeholder={placeholder} />
      <div className="flex items-end gap-2">
        <button type="submit" className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
          Filter
        </button>
        {filtered && (
          <Link to={clearTo} className="px-2 py-2 text-sm font-semibold text-brand-700 underline">
            Clear
          </Link>
        )}
      </div>
    </Form>
  );
}

export function FilterSelect({ label: text, children, ...select }: { label: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <label className={label}>
      {text}
      <select className={control} {...select}>
        {children}
      </select>
    </label>
  );
}

export function FilterInput({ label: text, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={label}>
      {text}
      <input className={control} {...input} />
    </label>
  );
}
