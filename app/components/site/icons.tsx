/**
 * The public site's icons (no icon library in the public bundle). Their shapes are the
 * symbols of `icons.svg`; each icon on a page is a small `<svg>` showing one of them with
 * `<use href="#icon-…">`, in the current text colour and the size its classes give.
 * Decorative unless given a title.
 *
 * The symbols are in the page itself, not fetched: a server-rendered page carries the ones
 * it shows (`withIconSymbols`, app/components/site/icon-symbols.server.ts), so drawing its
 * icons costs no request before the page's largest paint. Pages the visitor goes on to are
 * rendered in the browser and may show others: once the page has loaded, `useIconSprite`
 * adds the rest from the sprite file (fingerprinted, cached for a year).
 */
import { useEffect, type SVGProps } from "react";
import sprite from "./icons.svg?no-inline";
import { whenIdleAfterLoad } from "./after-load.ts";

type IconProps = SVGProps<SVGSVGElement> & { title?: string };

/** The symbols of icons.svg, by id. */
export const ICON_NAMES = [
  "menu",
  "close",
  "calendar",
  "clock",
  "map-pin",
  "user",
  "users",
  "ticket",
  "heart",
  "hand",
  "arrow-left",
  "arrow-right",
  "share",
  "mail",
  "phone",
  "check",
  "download",
  "star",
  "leaf",
  "facebook",
  "twitter",
  "instagram",
] as const;
type IconName = (typeof ICON_NAMES)[number];

/** An icon's element (a plain function, not a component: one component per icon to render). */
function icon(name: IconName, { title, className = "size-5", ...props }: IconProps) {
  return (
    <svg className={className} aria-hidden={title ? undefined : true} role={title ? "img" : undefined} focusable="false" {...props}>
      {title ? <title>{title}</title> : null}
      <use href={`#icon-${name}`} />
    </svg>
  );
}

export const MenuIcon = (p: IconProps) => icon("menu", p);
export const CloseIcon = (p: IconProps) => icon("close", p);
export const CalendarIcon = (p: IconProps) => icon("calendar", p);
export const ClockIcon = (p: IconProps) => icon("clock", p);
export const MapPinIcon = (p: IconProps) => icon("map-pin", p);
export const UserIcon = (p: IconProps) => icon("user", p);
export const UsersIcon = (p: IconProps) => icon("users", p);
export const TicketIcon = (p: IconProps) => icon("ticket", p);
export const HeartIcon = (p: IconProps) => icon("heart", p);
export const HandIcon = (p: IconProps) => icon("hand", p);
export const ArrowLeftIcon = (p: IconProps) => icon("arrow-left", p);
export const ArrowRightIcon = (p: IconProps) => icon("arrow-right", p);
export const ShareIcon = (p: IconProps) => icon("share", p);
export const MailIcon = (p: IconProps) => icon("mail", p);
export const PhoneIcon = (p: IconProps) => icon("phone", p);
export const CheckIcon = (p: IconProps) => icon("check", p);
export const DownloadIcon = (p: IconProps) => icon("download", p);
export const StarIcon = (p: IconProps) => icon("star", p);
export const LeafIcon = (p: IconProps) => icon("leaf", p);
export const FacebookIcon = (p: IconProps) => icon("facebook", p);
export const TwitterIcon = (p: IconProps) => icon("twitter", p);
export const InstagramIcon = (p: IconProps) => icon("instagram", p);

/** The element that holds a page's symbols (the server writes it at the end of the body). */
export const ICON_SYMBOLS_ID = "icon-symbols";

/**
 * After the page has loaded and the browser is idle, adds every symbol of the sprite that
 * the page does not have yet, for the pages rendered in the browser afterwards (an icon
 * whose symbol arrives later is drawn then: `<use>` follows its reference).
 */
export function useIconSprite(): void {
  useEffect(
    () =>
      whenIdleAfterLoad(() => {
        void fetch(sprite)
          .then((response) => (response.ok ? response.text() : ""))
          .then((text) => {
            const symbols = new DOMParser().parseFromString(text, "image/svg+xml").querySelectorAll("symbol[id^='icon-']");
            const missing = [...symbols].filter((symbol) => !document.getElementById(symbol.id));
            if (missing.length === 0) return;
            let host: Element | null = document.getElementById(ICON_SYMBOLS_ID);
            if (!host) {
              const created = document.createElementNS("http://www.w3.org/2000/svg", "svg");
              created.id = ICON_SYMBOLS_ID;
              created.setAttribute("aria-hidden", "true");
              created.style.display = "none";
              host = document.body.appendChild(created);
            }
            for (const symbol of missing) host.append(document.importNode(symbol, true));
          })
          .catch(() => {
            // Offline or the file gone: the icons of pages opened later stay blank, nothing else.
          });
      }),
    [],
  );
}
