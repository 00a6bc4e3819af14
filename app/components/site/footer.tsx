/**
 * The public footer: the charity number, the contact details staff keep (address, phone,
 * email), the social links that have an address (the others are left out) and the legal
 * pages.
 */
import { isValidElement, type ReactNode } from "react";
import { LEGAL_PAGES } from "../../content/legal-pages.ts";
import { EmailText } from "./email-text.tsx";
import { FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon, TwitterIcon } from "./icons.tsx";
import { LogoMark } from "./logo.tsx";
import { MAIN_NAV } from "./nav.ts";
import { useStoredMarkup } from "../../lib/stored-markup.ts";

export interface FooterProps {
  siteName: string;
  tagline: string;
  contactEmail: string;
  charityNumber: string;
  /** Address lines and phone number; empty ones are left out. */
  address: string[];
  phone: string;
  /** Only the links that are set (http or https). */
  social: { facebook: string | null; twitter: string | null; instagram: string | null };
  year: number;
  /** The footer's headings and words (page texts, "footer"). */
  texts: Record<"contact_title" | "explore_title" | "local_title" | "local_text" | "local_button", string>;
  /**
   * The newsletter signup, given by the layout (it belongs to the supporters feature): an
   * element whose markup depends only on its props (the footer's markup is kept by them).
   */
  signup?: ReactNode;
}

/** The signup's part of the footer's key: its component and props. */
function signupKey(signup: ReactNode): unknown {
  if (!isValidElement(signup)) return signup ?? null;
  return [typeof signup.type === "string" ? signup.type : (signup.type as { name?: string }).name, signup.props];
}

/** The footer's markup depends only on its props (docs/decisions/361). */
export function SiteFooter(props: FooterProps) {
  const { siteName, tagline, contactEmail, charityNumber, address, phone, social, year, texts, signup } = props;
  const key = JSON.stringify([siteName, tagline, contactEmail, charityNumber, address, phone, social, year, texts, signupKey(signup)]);
  return useStoredMarkup(`footer ${key}`, () => footerMarkup(props));
}

/** The footer element (a plain function: its outer element is what is kept). */
function footerMarkup({ siteName, tagline, contactEmail, charityNumber, address, phone, social, year, texts, signup }: FooterProps) {
  const socials = [
    { href: social.facebook, label: "Facebook", Icon: FacebookIcon },
    { href: social.twitter, label: "Twitter", Icon: TwitterIcon },
    { href: social.instagram, label: "Instagram", Icon: InstagramIcon },
  ].filter((s): s is typeof s & { href: string } => Boolean(s.href));
  return (
    <footer className="bg-brand-900 text-brand-50">
      {signup && (
        <div className="border-b border-white/10">
          <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">{signup}</div>
        </div>
      )}
      {/* The contact column is the widest: an email address stays on one line at desktop widths. */}
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1fr_1.35fr_0.75fr_1fr]">
        <div>
          <div className="flex items-center gap-3">
            <LogoMark className="size-11" />
            <p className="font-display text-xl font-semibold text-white">{siteName}</p>
          </div>
          <p className="mt-3 text-brand-100">{tagline}</p>
          {socials.length > 0 && (
          <ul className="mt-5 flex gap-2" aria-label="Social media">
            {socials.map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
                  rel="noopener noreferrer"
                >
                  <Icon title={label} />
                </a>
              </li>
            ))}
          </ul>
          )}
        </div>

        <div>
          <h2 className="font-semibold tracking-wide text-white uppercase">{texts.contact_title}</h2>
          <ul className="mt-4 space-y-3 text-brand-100">
            {address.length > 0 && (
              <li className="flex gap-2.5">
                <MapPinIcon className="mt-0.5 size-5 shrink-0 text-sun-300" />
                <address className="not-italic" data-testid="footer-address">
                  {address.map((line, i) => (
                    <span key={i} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </li>
            )}
            {phone && (
              <li className="flex gap-2.5">
                <PhoneIcon className="mt-0.5 size-5 shrink-0 text-sun-300" />
                <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="hover:text-white hover:underline" data-testid="footer-phone">
                  {phone}
                </a>
              </li>
            )}
            <li className="flex gap-2.5">
              <MailIcon className="mt-0.5 size-5 shrink-0 text-sun-300" />
              <a href={`mailto:${contactEmail}`} className="min-w-0 wrap-anywhere hover:text-white hover:underline">
                <EmailText address={contactEmail} />
              </a>
            </li>
          </ul>
        </div>

        <nav aria-label="Footer">
          <h2 className="font-semibold tracking-wide text-white uppercase">{texts.explore_title}</h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2.5 text-brand-100 md:grid-cols-1">
            {MAIN_NAV.filter((item) => item.to !== "/").map((item) => (
              <li key={item.to}>
                <a href={item.to} className="hover:text-white hover:underline">
                  {item.label}
                </a>
              </li>
            ))}
            <li>
              <a href="/causes" className="hover:text-white hover:underline">
                Local Causes
              </a>
            </li>
            <li>
              <a href="/newsletters" className="hover:text-white hover:underline">
                Newsletters
              </a>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="font-semibold tracking-wide text-white uppercase">{texts.local_title}</h2>
          <p className="mt-4 text-brand-100">{texts.local_text}</p>
          <a
            href="/support#donate"
            className="mt-5 inline-flex items-center rounded-full bg-sun-400 px-5 py-2.5 font-semibold text-ink hover:bg-sun-300"
          >
            {texts.local_button}
          </a>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-brand-100 sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>
            {/* One text node (React writes a separator between each of its pieces otherwise). */}
            {`© ${year} ${siteName}. Registered charity number ${charityNumber}.`}
          </p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2" aria-label="Legal">
            {LEGAL_PAGES.map((page) => (
              <li key={page.slug}>
                <a href={page.path} className="hover:text-white hover:underline">
                  {page.title}
                </a>
              </li>
            ))}
            <li>
              <a href="/privacy/concern" className="hover:text-white hover:underline">
                Raise a data protection concern
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
