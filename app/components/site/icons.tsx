/**
 * The public site's icons (no icon library in the public bundle). Their shapes are in one
 * sprite, `icons.svg`, a fingerprinted file served with the other assets (cached for a
 * year); each icon on a page is a small `<svg>` showing one of its symbols with `<use>`,
 * in the current text colour and the size its classes give. Decorative unless given a title.
 */
import type { SVGProps } from "react";
import sprite from "./icons.svg?no-inline";

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
      <use href={`${sprite}#${name}`} />
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
