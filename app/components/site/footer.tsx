/** The public footer (spec 2.1 and decisions: charity number, settings-driven email and social links). */
import { FOUNDATION } from "../../content/sample-content.ts";
import { EmailText } from "./email-text.tsx";
import { FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon, TwitterIcon } from "./icons.tsx";
import { LogoMark } from "./logo.tsx";
import { MAIN_NAV } from "./nav.ts";

export interface FooterProps {
  siteName: string;
  tagline: string;
  contactEmail: string;
  charityNumber: string;
  social: { facebook: string; twitter: string; instagram: string };
  year: number;
}

export function SiteFooter({ siteName, tagline, contactEmail, charityNumber, social, year }: FooterProps) {
  const socials = [
    { href: social.facebook, label: "Facebook", Icon: FacebookIcon },
    { href: social.twitter, label: "Twitter", Icon: TwitterIcon },
    { href: social.instagram, label: "Instagram", Icon: InstagramIcon },
  ];
  return (
    <footer className="bg-brand-900 text-brand-50">
      {/* The contact column is the widest: an email address stays on one line at desktop widths. */}
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1fr_1.35fr_0.75fr_1fr]">
        <div>
          <div className="flex items-center gap-3">
            <LogoMark className="size-11" />
            <p className="font-display text-xl font-semibold text-white">{siteName}</p>
          </div>
          <p className="mt-3 text-brand-100">{tagline}</p>
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
        </div>

        <div>
          <h2 className="font-semibold tracking-wide text-white uppercase">Visit or call</h2>
          <ul className="mt-4 space-y-3 text-brand-100">
            <li className="flex gap-2.5">
              <MapPinIcon className="mt-0.5 size-5 shrink-0 text-sun-300" />
              <address className="not-italic">
                {FOUNDATION.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </li>
            <li className="flex gap-2.5">
              <PhoneIcon className="mt-0.5 size-5 shrink-0 text-sun-300" />
              <a href={`tel:${FOUNDATION.phone.replace(/\s+/g, "")}`} className="hover:text-white hover:underline">
                {FOUNDATION.phone}
              </a>
            </li>
            <li className="flex gap-2.5">
              <MailIcon className="mt-0.5 size-5 shrink-0 text-sun-300" />
              <a href={`mailto:${contactEmail}`} className="min-w-0 wrap-anywhere hover:text-white hover:underline">
                <EmailText address={contactEmail} />
              </a>
            </li>
          </ul>
        </div>

        <nav aria-label="Footer">
          <h2 className="font-semibold tracking-wide text-white uppercase">Explore</h2>
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
              <a href="/news" className="hover:text-white hover:underline">
                News
              </a>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="font-semibold tracking-wide text-white uppercase">Every pound stays local</h2>
          <p className="mt-4 text-brand-100">
            Money raised at our events, fairs and through your donations goes back into Millbrook through the Community Fund.
          </p>
          <a
            href="/support#donate"
            className="mt-5 inline-flex items-center rounded-full bg-sun-400 px-5 py-2.5 font-semibold text-ink hover:bg-sun-300"
          >
            Make a donation
          </a>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-brand-100 sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>
            © {year} {siteName}. Registered charity number {charityNumber}.
          </p>
          <ul className="flex gap-5">
            <li>
              <a href="#" className="hover:text-white hover:underline">
                Privacy Policy
              </a>
            </li>
            <li>
              <a href="#" className="hover:text-white hover:underline">
                Terms and Conditions
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
