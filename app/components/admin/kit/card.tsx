/** The admin kit's boxes: a white card, and the dashed box of an empty list. */
import type { ReactNode } from "react";

export function Card({ as: Tag = "div", className = "", children, ...rest }: { as?: "div" | "section" | "ol" | "ul"; className?: string; children: ReactNode } & Record<`aria-${string}` | `data-${string}`, string | undefined>) {
  return (
    <Tag className={`rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`} {...rest}>
      {children}
    </Tag>
  );
}

export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      <p className="mt-1 text-slate-600">{children}</p>
    </div>
  );
}
