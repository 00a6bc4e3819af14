import { siteOrigin } from "../../lib/config.server.ts";
import { Outlet, type ShouldRevalidateFunction } from "react-router";
import { SignupForm } from "../../features/supporters/signup-form.tsx";
import { SiteFooter } from "../../components/site/footer.tsx";
import { SiteHeader } from "../../components/site/header.tsx";
import { useLinkNavigation } from "../../components/site/link-navigation.ts";
import { useVisitBeacon } from "../../features/insights/beacon.ts";
import { LiveUpdates } from "../../components/site/live-updates.tsx";
import { useIconSprite } from "../../components/site/icons.tsx";
import { MaintenanceBanner } from "../../components/site/maintenance-page.tsx";
import { MAINTENANCE_RETRY_AFTER_SECONDS, maintenanceGate, maintenanceMiddleware } from "./maintenance-gate.server.ts";
import { getContactDetails } from "../../features/contact/index.ts";
import { getSiteSettings } from "../../features/settings/index.ts";
import { getPageTexts } from "../../features/page-texts/index.ts";
import type { Route } from "./+types/layout";
import { noteTopic } from "../../live/read-topics.server.ts";
import type { ContentTopic } from "../../live/topics.ts";

/** Only http(s) links from settings are used; a link without one is left out (null). */
function socialUrl(...candidates: string[]): string | null {
  for (const value of candidates) {
    const trimmed = value?.trim();
    if (trimmed && /^https?:\/\/[^\s"'<>]+$/i.test(trimmed)) return trimmed;
  }
  return null;
}

/**
 * The header and footer show the site settings, the contact details and the footer's texts:
 * every request under this layout counts them as read (its middleware notes them), also a
 * client navigation, which does not run this loader again, so the topics sent with the
 * new page's data still include them.
 */
const SHELL_TOPICS: readonly ContentTopic[] = ["settings", "contact", "page-texts"];

export async function loader(args: Route.LoaderArgs) {
  const [settings, contact, footerTexts] = await Promise.all([getSiteSettings(args.context), getContactDetails(), getPageTexts("footer")]);
  // Maintenance mode (the middleware already refused visitors): staff see a banner.
  const { staffBanner } = await maintenanceGate(args, settings.maintenance_mode, settings.contact_email);
  const origin = siteOrigin();
  return {
    origin,
    siteName: settings.site_name,
    tagline: settings.tagline,
    contactEmail: settings.contact_email,
    charityNumber: settings.charity_number,
    address: contact.address
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
    phone: contact.phone.trim(),
    social: {
      facebook: socialUrl(settings.facebook_url, settings.social_facebook),
      twitter: socialUrl(settings.twitter_url, settings.social_twitter),
      instagram: socialUrl(settings.instagram_url, settings.social_instagram),
    },
    year: new Date().getFullYear(),
    footerTexts,
    maintenanceBanner: staffBanner,
  };
}

/**
 * Maintenance mode: the gate runs here, before any loader or action of the public pages
 * (they would otherwise run in parallel with this layout's loader, and their data would
 * travel with the 503 page or answer a client data request).
 */
export const middleware: Route.MiddlewareFunction[] = [
  (_args, next) => {
    for (const topic of SHELL_TOPICS) noteTopic(topic);
    return next();
  },
  async (_args, next) => {
    // A refusal thrown below becomes the 503 page here; it keeps the gate's Retry-After.
    const response = await next();
    if (response.status === 503 && !response.headers.has("Retry-After")) {
      response.headers.set("Retry-After", String(MAINTENANCE_RETRY_AFTER_SECONDS));
    }
    return response;
  },
  maintenanceMiddleware,
];

export function headers({ errorHeaders, loaderHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

/** Settings are read on page loads and after form posts, not on every tab switch. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search ? defaultShouldRevalidate : false;

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  useLinkNavigation();
  useVisitBeacon();
  useIconSprite();
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-brand-800 px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <LiveUpdates />
      <SiteHeader siteName={loaderData.siteName} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter
        texts={loaderData.footerTexts}
        siteName={loaderData.siteName}
        tagline={loaderData.tagline}
        contactEmail={loaderData.contactEmail}
        charityNumber={loaderData.charityNumber}
        address={loaderData.address}
        phone={loaderData.phone}
        social={loaderData.social}
        year={loaderData.year}
        signup={<SignupForm source="footer" tone="dark" />}
      />
      {loaderData.maintenanceBanner && <MaintenanceBanner />}
    </div>
  );
}
