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

function Icon({ name, title, className = "size-5", ...props }: IconProps & { name: IconName }) {
  return (
    <svg className={className} aria-hidden={title ? undefined : true} role={title ? "img" : undefined} focusable="false" {...props}>
      {title ? <title>{title}</title> : null}
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

export const MenuIcon = (p: IconProps) => <Icon {...p} name="menu" />;
export const CloseIcon = (p: IconProps) => <Icon {...p} name="close" />;
export const CalendarIcon = (p: IconProps) => <Icon {...p} name="calendar" />;
export const ClockIcon = (p: IconProps) => <Icon {...p} name="clock" />;
export const MapPinIcon = (p: IconProps) => <Icon {...p} name="map-pin" />;
export const UserIcon = (p: IconProps) => <Icon {...p} name="user" />;
export const UsersIcon = (p: IconProps) => <Icon {...p} name="users" />;
export const TicketIcon = (p: IconProps) => <Icon {...p} name="ticket" />;
export const HeartIcon = (p: IconProps) => <Icon {...p} name="heart" />;
export const HandIcon = (p: IconProps) => <Icon {...p} name="hand" />;
export const ArrowLeftIcon = (p: IconProps) => <Icon {...p} name="arrow-left" />;
export const ArrowRightIcon = (p: IconProps) => <Icon {...p} name="arrow-right" />;
export const ShareIcon = (p: IconProps) => <Icon {...p} name="share" />;
export const MailIcon = (p: IconProps) => <Icon {...p} name="mail" />;
export const PhoneIcon = (p: IconProps) => <Icon {...p} name="phone" />;
export const CheckIcon = (p: IconProps) => <Icon {...p} name="check" />;
export const DownloadIcon = (p: IconProps) => <Icon {...p} name="download" />;
export const StarIcon = (p: IconProps) => <Icon {...p} name="star" />;
export const LeafIcon = (p: IconProps) => <Icon {...p} name="leaf" />;
export const FacebookIcon = (p: IconProps) => <Icon {...p} name="facebook" />;
export const TwitterIcon = (p: IconProps) => <Icon {...p} name="twitter" />;
export const InstagramIcon = (p: IconProps) => <Icon {...p} name="instagram" />;
