/**
 * The admin layout's frame: sidebar (a left slide-in drawer on small screens) with the
 * sections this role may use, the signed-in email, the current section highlighted and
 * Sign Out.
 */
import { useEffect, useState, type ReactNode } from "react";
import { NavLink } from "react-router";
import { allows, type Access, type StaffAccess } from "../../auth/access.ts";
import { signOutFromBrowser } from "./sign-out.ts";

/** The sidebar's sections in groups; each shows only to the access it names. */
const SECTION_GROUPS: { title: string; sections: { to: string; label: string; access: Access }[] }[] = [
  {
    title: "Events",
    sections: [
      { to: "/admin/dashboard", label: "Dashboard", access: "staff" },
      { to: "/admin/events", label: "Events", access: "staff" },
      { to: "/admin/craft-fairs", label: "Craft Fairs", access: "staff" },
      { to: "/admin/craft-fair-gallery", label: "Craft fair gallery", access: "staff" },
    ],
  },
  {
    title: "Website",
    sections: [
      { to: "/admin/pages", label: "Page texts", access: "staff" },
      { to: "/admin/media", label: "Media library", access: "staff" },
      { to: "/admin/news", label: "News", access: "staff" },
      { to: "/admin/causes", label: "Causes", access: "staff" },
      { to: "/admin/fund-recipients", label: "Fund recipients", access: "staff" },
      { to: "/admin/awards", label: "Awards", access: "staff" },
      { to: "/admin/trustees", label: "Trustees", access: "staff" },
      { to: "/admin/annual-reports", label: "Annual reports", access: "staff" },
      { to: "/admin/volunteer-roles", label: "Volunteer roles", access: "staff" },
      { to: "/admin/faqs", label: "FAQ", access: "staff" },
      { to: "/admin/contact", label: "Contact details", access: "staff" },
      { to: "/admin/legal-pages", label: "Legal pages", access: "staff" },
    ],
  },
  {
    title: "People and giving",
    sections: [
      { to: "/admin/inbox", label: "Inbox", access: "submissions" },
      { to: "/admin/donations", label: "Donations", access: "administrator" },
      { to: "/admin/users", label: "Users", access: "administrator" },
    ],
  },
  {
    title: "Site",
    sections: [
      { to: "/admin/settings", label: "Settings", access: "administrator" },
      { to: "/admin/data-protection", label: "Data protection", access: "administrator" },
      { to: "/admin/audit-log", label: "Audit log", access: "administrator" },
      { to: "/admin/account", label: "My account", access: "staff" },
    ],
  },
];

export function SignOutButton({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      method="post"
      action="/admin/logout"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void signOutFromBrowser("manual");
      }}
    >
      <button
        type="submit"
        disabled={busy}
        className={
          className ??
          "w-full rounded-lg border border-white/30 px-3 py-2 text-sm font-semibold text-white hover:bg-white/10 disabled:opacity-60"
        }
      >
        Sign Out
      </button>
    </form>
  );
}

export function AdminShell({ email, access, newSubmissions = 0, children }: { email: string; access: StaffAccess; newSubmissions?: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const groups = SECTION_GROUPS.map((g) => ({ ...g, sections: g.sections.filter((s) => allows(access, s.access)) })).filter((g) => g.sections.length > 0);

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
          {groups.map((group) => (
            <div key={group.title} className="mt-3 first:mt-0">
              <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-brand-200 uppercase">{group.title}</p>
              <ul className="space-y-0.5">
                {group.sections.map((section) => (
                  <li key={section.to}>
                    <NavLink
                      to={section.to}
                      onClick={() => setOpen(false)}
                      className={({ isActive }) =>
                        `block rounded-lg px-3 py-1.5 font-medium ${isActive ? "bg-white text-brand-900" : "text-brand-50 hover:bg-white/10"}`
                      }
                    >
                      {section.label}
                      {section.to === "/admin/inbox" && newSubmissions > 0 && (
                        <span className="ml-2 inline-block rounded-full bg-sun-400 px-2 text-xs leading-5 font-bold text-ink" data-testid="inbox-new-count">
                          {newSubmissions}
                          <span className="sr-only"> new</span>
                        </span>
                      )}
                    </NavLink>
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
          <p className="mb-3 text-xs text-brand-200">{access.role === "administrator" ? "Administrator" : "Editor"}</p>
          <SignOutButton />
        </div>
      </aside>

      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
