/** Legal pages: the list of the five pages, each with its public address and an Edit link. */
import { Link } from "react-router";
import { listLegalPagesForAdmin } from "../legal-pages.server.ts";
import type { Route } from "./+types/legal-pages";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";
import { formatUk } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = contentMenu("legal-pages");

export const meta = () => [{ title: "Legal pages | Millbrook Admin" }];

export async function loader() {
  const pages = await listLegalPagesForAdmin();
  return { pages: pages.map((p) => ({ slug: p.slug, path: p.path, title: p.title, updated: p.updated_at ? p.updated_at.toISOString() : null })) };
}

export default function LegalPages({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Legal pages</h1>
      <p className="mt-1 text-slate-600">The privacy notice, terms and statements linked from the footer and the forms.</p>
      <ul className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {loaderData.pages.map((p) => (
          <li key={p.slug} className="flex flex-wrap items-center gap-4 p-4">
            <div className="min-w-40 flex-1">
              <p className="font-semibold text-ink">{p.title}</p>
              <p className="text-sm text-slate-600">
                <a href={p.path} className="underline">
                  {p.path}
                </a>
                {p.updated ? ` · changed ${formatUk(p.updated, "date-time")}` : " · starting text"}
              </p>
            </div>
            <Link to={`/admin/legal-pages/${p.slug}`} aria-label={`Edit ${p.title}`} className="rounded-full border border-brand-600 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50">
              Edit
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
