/**
 * The admin layout's frame: sidebar (a left slide-in drawer on small screens) with the
 * sections this role may use, the signed-in email, the current section highlighted and
 * Sign Out.
 */
import { useEffect, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import type { StaffAccess } from "../../auth/access.ts";
import type { MenuEntry, MenuGroup } from "../../lib/admin-menu.ts";
import { SignOutButton } from "./sign-out-button.tsx";

export function AdminShell({
  email,
  role,
  menu,
  newSubmissions = 0,
  children,
}: {
  email: string;
  role: StaffAccess["role"];
  /** The sections this staff member may use, in groups (the admin layout's loader reads them from the route table). */
  menu: { title: MenuGroup; sections: MenuEntry[] }[];
  newSubmissions?: number;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // The current section: the entry whose address is the longest start of the page's (Gift Aid, not Donations, on /admin/donations/gift-aid).
  const { pathname } = useLocation();
  const current = menu
    .flatMap((group) => group.sections.map((section) => section.to))
    .filter((to) => pathname === to || pathname.startsWith(`${to}/`))
    .sort((a, b) => b.length - a.length)[0];
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <header className="flex items-center justify-between bg-brand-900 px-4 py-3 text-white md:hidden">
        <span className="font-display text-lg font-semibold">Millbrook Admin</span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="admin-sidebar"
          onClick={() => setOpen(true)}
          className="rounded-md border border-white/30 px-3 py-1.5 text-sm font-semibold"
        >
          Menu
        </button>
      </header>

      {open && (
        <div className="fixed inset-0 z-40 bg-black/40 md:hidden" aria-hidden="true" onClick={() => setOpen(false)} />
      )}

      <aside
        id="admin-sidebar"
        aria-label="Admin"
        className={`fixed inset-y-0 left-0 z-50 flex w-64 flex-col bg-brand-900 text-brand-50 transition-transform md:sticky md:top-0 md:h-screen md:translate-x-0 ${
          open ? "translate-x-0" : "-translate-x-full max-md:invisible"
        }`}
      >
        <div className="flex items-center justify-between px-5 py-5">
          <a href="/" className="font-display text-lg font-semibold text-white">
            Millbrook Admin
          </a>
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="rounded-md px-2 py-1 text-sm md:hidden"
            aria-label="Close menu"
          >
            ×
          </button>
        </div>
        <nav aria-label="Admin sections" className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">
          {menu.map((group) => (
            <div key={group.title ?? "top"} className="mt-3 first:mt-0">
              {group.title && <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-brand-200 uppercase">{group.title}</p>}
              <ul className="space-y-0.5">
                {group.sections.map((section) => (
                  <li key={section.to}>
                    <Link
                      to={section.to}
                      onClick={() => setOpen(false)}
                      aria-current={section.to === current ? "page" : undefined}
                      className={`block rounded-lg px-3 py-1.5 font-medium ${section.to === current ? "bg-white text-brand-900" : "text-brand-50 hover:bg-white/10"}`}
                    >
                      {section.label}
                      {section.to === "/admin/inbox" && newSubmissions > 0 && (
                        <span className="ml-2 inline-block rounded-full bg-sun-400 px-2 text-xs leading-5 font-bold text-ink" data-testid="inbox-new-count">
                          {newSubmissions}
                          <span className="sr-only"> new</span>
                        </span>
                      )}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="border-t border-white/15 px-5 py-4">
          <p className="text-xs text-brand-200">Signed in as</p>
          <p className="truncate text-sm font-medium text-white" data-testid="admin-email">
            {email}
          </p>
          <p className="mb-3 text-xs text-brand-200">{role === "administrator" ? "Administrator" : "Editor"}</p>
          <SignOutButton />
        </div>
      </aside>

      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
