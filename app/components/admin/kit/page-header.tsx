/** The head of an admin list screen: its title and introduction, View on site and the Add button. */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../../ui/button.ts";

export function ListHeader({ title, intro, viewOnSite, add }: { title: string; intro: ReactNode; viewOnSite?: string; add?: { to: string; label: string } }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="font-display text-3xl font-semibold text-brand-900">{title}</h1>
        <p className="mt-1 text-slate-600">{intro}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {viewOnSite && (
          <a href={viewOnSite} className={buttonClasses("secondary", "sm")}>
            View on site
          </a>
        )}
        {add && (
          <Link to={add.to} className={buttonClasses("primary", "sm")}>
            {add.label}
          </Link>
        )}
      </div>
    </div>
  );
}
