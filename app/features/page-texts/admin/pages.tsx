/**
 * Page texts: the public pages whose words staff edit here, each with its own screen.
 */
import { Link } from "react-router";
import { PAGE_KEYS, PAGE_TEXTS } from "../page-texts.ts";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";

export const handle: MenuHandle = contentMenu("page-texts");

export const meta = () => [{ title: "Page texts | Millbrook Admin" }];

export default function Pages() {
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Page texts</h1>
      <p className="mt-1 text-slate-600">The words of the public pages. Lists have their own screens: Causes, Fund recipients and Trustees.</p>
      <ul className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {PAGE_KEYS.map((key) => (
          <li key={key} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <p className="font-semibold text-ink">{PAGE_TEXTS[key].title}</p>
              <p className="text-sm text-slate-600">{PAGE_TEXTS[key].intro}</p>
            </div>
            <Link to={`/admin/pages/${key}`} aria-label={`Edit the ${PAGE_TEXTS[key].title}`} className="rounded-full border border-brand-600 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50">
              Edit
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
