import { Link, NavLink, Outlet } from "react-router";
import { getSiteSettings } from "../../domain/settings.server.ts";
import { FOUNDATION } from "../../content/sample-content.ts";
import type { Route } from "./+types/layout";

export async function loader() {
  const settings = await getSiteSettings();
  return {
    siteName: settings.site_name,
    tagline: settings.tagline,
    contactEmail: settings.contact_email,
    charityNumber: settings.charity_number,
  };
}

const NAV = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/community-fund", label: "Community Fund" },
  { to: "/events", label: "Events" },
  { to: "/craft-fairs", label: "Craft Fairs" },
  { to: "/awards", label: "Awards" },
  { to: "/trustees", label: "Trustees" },
  { to: "/support", label: "Support Us" },
];

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4">
          <Link to="/" className="font-display text-xl font-semibold text-brand-700">
            {loaderData.siteName}
          </Link>
          <nav aria-label="Main">
            <ul className="flex flex-wrap gap-3 text-sm">
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === "/"} className={({ isActive }) => (isActive ? "font-semibold text-brand-700" : "")}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <div className="flex-1">
        <Outlet />
      </div>
      <footer className="bg-brand-900 px-4 py-10 text-brand-50">
        <div className="mx-auto max-w-6xl text-sm">
          <p className="font-display text-lg">{loaderData.siteName}</p>
          <p>{loaderData.tagline}</p>
          <p className="mt-2">{FOUNDATION.address.join(", ")} · {FOUNDATION.phone} · {loaderData.contactEmail}</p>
          <p className="mt-2">Registered charity number {loaderData.charityNumber}</p>
          <p className="mt-2">© {new Date().getFullYear()} {loaderData.siteName}</p>
        </div>
      </footer>
    </div>
  );
}
