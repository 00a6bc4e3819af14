/**
 * Counting page views without cookies (docs/decisions/236). A view is sent by the page's
 * beacon after it has loaded; the server keeps the path, the other site the visitor came
 * from, the campaign (utm) tags and the kind of device. The visitor is a hash of the
 * address, the user agent and today's salt: the salt is random, kept in this process's
 * memory only and replaced when the Millbrook day changes, so a hash cannot be linked to
 * anyone once the day is over. The address and the user agent are never stored.
 * Not counted: bots (isbot), browsers that send Sec-GPC: 1 or DNT: 1, and browsers whose
 * visitor has objected (the objection cookie they asked for).
 */
import { createHash, randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { getDb } from "../../db/client.server.ts";
import { pageViews, type Device } from "./table.ts";
import { ukDate } from "../../lib/uk-time.ts";

/** The cookie set only when a visitor asks not to be counted (it records the objection, nothing else). */
export const OBJECTION_COOKIE = "mcf_no_count";

let salt: { day: string; value: Buffer } | undefined;

/** Today's salt: made when first needed each day, never written anywhere. */
function saltFor(day: string): Buffer {
  if (!salt || salt.day !== day) salt = { day, value: randomBytes(32) };
  return salt.value;
}

/** For tests: forget the salt, as a restart or the next day would. */
export function forgetSalt(): void {
  salt = undefined;
}

/** The hash that tells one day's visitors apart (IPv6 addresses by their /64). */
function visitorHash(address: string, userAgent: string, day: string): string {
  return createHash("sha256").update(saltFor(day)).update(networkOf(address)).update("\0").update(userAgent).digest("base64url").slice(0, 22);
}

function networkOf(address: string): string {
  const plain = address.replace(/^::ffff:/, "");
  if (!plain.includes(":")) return plain;
  return plain.split(":").slice(0, 4).join(":");
}

function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return "phone";
  return "desktop";
}

export interface CountRequest {
  headers: Headers;
  /** The client's address, as the HTTP server saw it. */
  address: string;
  /** What the beacon sent: the page's path and query, and document.referrer. */
  page: unknown;
  referrer: unknown;
  /** This site's host, so moving between its own pages is not a referrer. */
  host: string;
}

export type CountResult = "counted" | "bot" | "opted-out" | "objected" | "invalid";

function hasObjected(headers: Headers): boolean {
  return (headers.get("cookie") ?? "").split(";").some((part) => part.trim().startsWith(`${OBJECTION_COOKIE}=`));
}

const clip = (value: string | null, length: number) => (value ? value.slice(0, length) : null);

/** Counts one page view if it may be counted; says why not otherwise. */
export async function countPageView(request: CountRequest, now = new Date()): Promise<CountResult> {
  const userAgent = request.headers.get("user-agent") ?? "";
  if (!userAgent || isbot(userAgent)) return "bot";
  if (request.headers.get("sec-gpc") === "1" || request.headers.get("dnt") === "1") return "opted-out";
  if (hasObjected(request.headers)) return "objected";
  if (typeof request.page !== "string" || !request.page.startsWith("/") || request.page.startsWith("//") || request.page.length > 2000) return "invalid";
  let page: URL;
  try {
    page = new URL(request.page, "http://site.invalid");
  } catch {
    return "invalid";
  }
  if (page.pathname.startsWith("/admin")) return "invalid";
  let referrerHost: string | null = null;
  if (typeof request.referrer === "string" && request.referrer) {
    try {
      const referrer = new URL(request.referrer);
      if ((referrer.protocol === "http:" || referrer.protocol === "https:") && referrer.host !== request.host) referrerHost = referrer.hostname.replace(/^www\./, "");
    } catch {
      // Not an address: no referrer.
    }
  }
  const day = ukDate(now);
  await getDb()
    .insert(pageViews)
    .values({
      day,
      at: now,
      path: decodeURIComponentSafe(page.pathname).slice(0, 300),
      referrer_host: clip(referrerHost, 200),
      utm_source: clip(page.searchParams.get("utm_source")?.trim().toLowerCase() || null, 100),
      utm_medium: clip(page.searchParams.get("utm_medium")?.trim().toLowerCase() || null, 100),
      utm_campaign: clip(page.searchParams.get("utm_campaign")?.trim().toLowerCase() || null, 100),
      device: deviceOf(userAgent),
      visitor: visitorHash(request.address, userAgent, day),
    });
  return "counted";
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
