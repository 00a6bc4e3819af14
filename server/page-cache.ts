/**
 * Rendered-page cache for anonymous visitors (docs/decisions/ on the page cache).
 *
 * Anonymous GET/HEAD requests for public pages are answered from memory: the page is
 * rendered once (concurrent requests for the same URL share that render), stored with
 * its headers (including its hash-based Content-Security-Policy) and with its brotli and
 * gzip forms, and served again until the content it shows changes. The change feed says
 * when: a content topic ("events", "settings" ...) changed, in this process or, through
 * Postgres LISTEN/NOTIFY, in another one sharing the database; the pages that show that
 * topic (as their routes declare, app/live/topics.ts) are marked stale. A stale page that
 * was asked for recently is rendered again in the background and swapped in (a few at a
 * time, once per address however many changes arrive meanwhile); until then visitors get
 * the previous version, but never one that has been stale for longer than `maxStaleMs`
 * (PAGE_CACHE_MAX_STALE_SECONDS): past that a visitor waits for the render under way. A
 * stale page nobody asked for recently is dropped. A short time-to-live (60 s) marks pages
 * stale anyway, for what changes with the clock (an event becoming past) and as a net
 * under a lost notification.
 *
 * Never cached: requests with a session or flash cookie (signed-in staff see banners and
 * their own pages), other methods, /admin/**, client data requests (*.data), event
 * streams, and any response that sets a cookie, is not HTML, is not 200/404 or says
 * private/no-store. Responses carry ETag and Last-Modified and answer conditional
 * requests with 304; Cache-Control "no-cache" makes browsers revalidate every time, so an
 * admin change shows on the next request.
 */
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { QUERY_HEADER } from "../app/lib/page-query.ts";
import { isStaffPath } from "../app/lib/staff-path.ts";
import { CONTENT_TOPICS } from "../app/live/content-topics.ts";
import { TOPICS_HEADER } from "../app/live/topics.ts";
import type { HeadSecurityHeaders } from "./security-headers.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A render is compressed at a fast level (brotli 5, gzip 6), so an address nobody asks for
 * twice (a unique query string), or a page an editor changes every few seconds, costs a
 * render but not the slowest compression; a hit on a page stored at least
 * `upgradeAfterMs` ago (5 s) re-compresses it at the best level (brotli 11, gzip 9) in the
 * background.
 */
async function compress(identity: Buffer, best: boolean): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: best ? 9 : 6 }),
  ]);
  return { br, gz };
}

/** What the render needs to know of the client beyond the request itself (the load context's request info). */
export interface RenderClient {
  ip: string;
  secure: boolean;
}

export interface PageCacheOptions {
  /**
   * Renders a request (React Router's handler with a load context for `client`). Also
   * called with no visitor waiting, to render a stale page again in the background: with
   * the same request headers and client as the render that stored it.
   */
  render: (request: Request, client: RenderClient) => Promise<Response>;
  /** The change feed: calls the listener with a topic on every change; returns unsubscribe. */
  subscribe?: (listener: (topic: string) => void) => () => void;
  /** Cookie names that mean "not an anonymous visitor" (session, flash toast). */
  bypassCookies: readonly string[];
  /**
   * Whether a bypass cookie's value counts (a toast cookie only when validly signed, so a
   * made-up one does not make every request skip the cache). Without it, any value counts.
   */
  cookieCounts?: (name: string, value: string) => boolean;
  /** Paths whose query parameters are remembered (learned from renders); the oldest are forgotten beyond it. */
  maxPaths?: number;
  maxEntries?: number;
  maxBytes?: number;
  ttlMs?: number;
  /** How long a page may be served after a change it does not show yet (default 10 s). */
  maxStaleMs?: number;
  /** Background re-renders at once (default 2). */
  refreshConcurrency?: number;
  /** A stale page is rendered again in the background only when it was asked for within this time (default 60 s); otherwise it is dropped. */
  recentMs?: number;
  /** How long a page is kept before a hit re-compresses it at the best level (default 5 s). */
  upgradeAfterMs?: number;
  now?: () => number;
}

interface Entry {
  key: string;
  status: number;
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  lastModified: number;
  /** `lastModified` as the header writes it (formatted once, not on every hit). */
  lastModifiedHeader: string;
  storedAt: number;
  /** The content topics this page shows: a change to one of them drops it. */
  topics: ReadonlySet<string>;
  size: number;
  /** Compressed at the best level yet (misses are compressed fast; a page asked for again is redone at the best level). */
  best: boolean;
  /** Since when the page may be out of date (the first change it does not show, or the end of its time-to-live). */
  staleSince?: number;
  /** When a visitor last asked for it: only recently asked-for pages are rendered again in the background. */
  requestedAt: number;
  /** The request headers and client it was rendered for: a background render uses the same. */
  renderHeaders: [string, string][];
  client: RenderClient;
  /**
   * Response heads prepared for `writeHead` (the path before Express), by the security
   * headers they start with, the state and the form (`headIndex`): made on the first hit
   * that needs one, dropped when the compressed forms change.
   */
  heads?: (string[] | undefined)[];
}

interface Fill {
  entry?: Entry;
  /** A response that could not be cached: only the request that rendered it sends it. */
  response?: Response;
}

/**
 * The content topics a rendered page shows, from the header the render sets (the topics
 * its routes declare, app/live/topics.ts). A page without it depends on every topic.
 */
function topicsOfResponse(headers: Headers, allTopics: readonly string[]): ReadonlySet<string> {
  const header = headers.get(TOPICS_HEADER);
  return new Set(header === null ? allTopics : header.split(",").filter(Boolean));
}

/** Not cached with the page: hop-by-hop, per-response or set by the cache itself. */
const SKIPPED_HEADERS = new Set([
  "connection",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "keep-alive",
  "date",
  "etag",
  "last-modified",
  "cache-control",
  "vary",
  "set-cookie",
  TOPICS_HEADER.toLowerCase(),
  QUERY_HEADER.toLowerCase(),
]);

function cookiePairs(header: string | undefined): [string, string][] {
  if (!header) return [];
  return header.split(";").map((part) => {
    const eq = Math.max(0, part.indexOf("="));
    return [part.slice(0, eq).trim(), part.slice(eq + 1).trim()];
  });
}

/**
 * What a stored page needs of a request to answer it: an Express request has all of it;
 * the path in front of Express (server/cached-hits.ts) reads it from the bare request.
 */
export interface HitRequest {
  method?: string;
  /** The address's path, without the query. */
  path: string;
  /** The request target as received (path and query). */
  originalUrl: string;
  /** "https" or "http", as Express reads it (X-Forwarded-Proto from a trusted proxy). */
  protocol: string;
  headers: IncomingHttpHeaders;
}

function headerOf(req: HitRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === "string" ? value : undefined;
}

type Encoding = "br" | "gzip" | "identity";
/** Browsers send a handful of Accept-Encoding values: each is read once. */
const encodingsSeen = new Map<string, Encoding>();

export function acceptedEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  let known = encodingsSeen.get(header);
  if (known === undefined) {
    known = readAcceptEncoding(header);
    if (encodingsSeen.size >= 64) encodingsSeen.clear();
    encodingsSeen.set(header, known);
  }
  return known;
}

function readAcceptEncoding(header: string): Encoding {
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}

function notModified(req: HitRequest, entry: Entry): boolean {
  const ifNoneMatch = headerOf(req, "if-none-match");
  if (ifNoneMatch) {
    const ours = entry.etag.replace(/^W\//, "");
    return ifNoneMatch.split(",").some((tag) => {
      const t = tag.trim();
      return t === "*" || t.replace(/^W\//, "") === ours;
    });
  }
  const since = headerOf(req, "if-modified-since");
  if (since === undefined) return false;
  const ifModifiedSince = Date.parse(since);
  return Number.isFinite(ifModifiedSince) && entry.lastModified <= ifModifiedSince;
}

/** A hit's body forms, in the order of a prepared head's index: the three encodings, then a 304. */
const FORMS = ["br", "gzip", "identity", "not-modified"] as const;
type Form = (typeof FORMS)[number];
/** Where a prepared head is kept in `Entry.heads`. */
const headIndex = (security: HeadSecurityHeaders, state: "hit" | "stale", form: Form) =>
  (security.slot * 2 + (state === "stale" ? 1 : 0)) * FORMS.length + (form === "br" ? 0 : form === "gzip" ? 1 : form === "identity" ? 2 : 3);
const bodyOf = (entry: Entry, form: Form) => (form === "br" ? entry.br : form === "gzip" ? entry.gzip : entry.identity);

/**
 * The whole head of a hit as one list for `writeHead`, name, value, …: the headers
 * `securityHeaderSetter` and `send` set, in the same order and with the same overriding
 * (a name set again keeps its place and takes the new value), as a map keyed like Node's.
 */
function prepareHead(entry: Entry, security: HeadSecurityHeaders, state: "hit" | "stale", form: Form): string[] {
  const head = new Map<string, [string, string]>();
  const set = (name: string, value: string) => head.set(name.toLowerCase(), [name, value]);
  for (let i = 0; i < security.first.length; i += 2) set(security.first[i]!, security.first[i + 1]!);
  for (const [name, value] of entry.headers) set(name, value);
  set("ETag", entry.etag);
  set("Last-Modified", entry.lastModifiedHeader);
  set("Cache-Control", "no-cache");
  set("Vary", "Accept-Encoding, Cookie");
  set("X-Page-Cache", state);
  if (form === "not-modified") head.delete("content-type");
  else {
    if (form !== "identity") set("Content-Encoding", form);
    set("Content-Length", String(bodyOf(entry, form).length));
  }
  // What the security headers' writeHead adds and removes.
  if (!head.has("content-security-policy")) set("Content-Security-Policy", security.baselinePolicy);
  head.delete(TOPICS_HEADER.toLowerCase());
  return [...head.values()].flat();
}

/** A change that matches every page (`clear`). */
const EVERYTHING = "*";

export function createPageCache(options: PageCacheOptions) {
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 50 * 1024 * 1024;
  const ttlMs = options.ttlMs ?? 60_000;
  const maxStaleMs = options.maxStaleMs ?? 10_000;
  const concurrency = Math.max(1, options.refreshConcurrency ?? 2);
  const recentMs = options.recentMs ?? 60_000;
  const upgradeAfterMs = options.upgradeAfterMs ?? 5_000;
  const now = options.now ?? Date.now;
  const bypass = new Set(options.bypassCookies);
  const cookieCounts = options.cookieCounts ?? (() => true);
  const maxPaths = options.maxPaths ?? 2000;
  const entries = new Map<string, Entry>();
  /** The query parameters each path reads, as its last render said (QUERY_HEADER); unknown paths key on the whole address. */
  const queryNames = new Map<string, readonly string[]>();
  /** Renders under way, by key: a visitor's (a miss) or a background one; anyone else asking for the key waits for it. */
  const pending = new Map<string, Promise<Fill>>();
  let bytes = 0;

  /**
   * The changes heard while renders were under way (sequence number, topic, time), so a
   * render knows which changes its page may not show: the page is then stored stale and
   * rendered again. Kept only as long as a render that started before them runs.
   */
  let sequence = 0;
  let changes: { seq: number; topic: string; at: number }[] = [];
  const rendersFrom = new Map<number, number>();
  function beginRender(): number {
    rendersFrom.set(sequence, (rendersFrom.get(sequence) ?? 0) + 1);
    return sequence;
  }
  /** Ends a render begun at `from`; returns when the first change its page may not show came, if any. */
  function endRender(from: number, topics: ReadonlySet<string> | null): number | undefined {
    const first = topics ? changes.find((c) => c.seq > from && (c.topic === EVERYTHING || topics.has(c.topic)))?.at : undefined;
    const left = (rendersFrom.get(from) ?? 1) - 1;
    if (left > 0) rendersFrom.set(from, left);
    else rendersFrom.delete(from);
    const oldest = Math.min(...rendersFrom.keys());
    changes = rendersFrom.size === 0 ? [] : changes.filter((c) => c.seq > oldest);
    return first;
  }

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  }

  /** The entry last in `entries`, the most recently used (a hit on it need not move it). */
  let newest: Entry | undefined;

  function store(entry: Entry) {
    remove(entry.key);
    entries.set(entry.key, entry);
    newest = entry;
    bytes += entry.size;
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(key);
    }
  }

  /** Marks a page stale; renders it again in the background if it was asked for recently, else drops it. */
  function markStale(entry: Entry, since: number) {
    entry.staleSince ??= since;
    if (now() - entry.requestedAt <= recentMs) scheduleRefresh(entry.key);
    else remove(entry.key);
  }

  function changed(topic: string) {
    const at = now();
    sequence++;
    if (rendersFrom.size > 0) changes.push({ seq: sequence, topic, at });
    // Most recently asked for first (the map is in least-recently-used order): the busiest pages are refreshed first.
    for (const entry of [...entries.values()].reverse()) if (topic === EVERYTHING || entry.topics.has(topic)) markStale(entry, at);
  }

  function invalidate(topic: string) {
    changed(topic);
  }

  /** Drops every page (renders under way are not stored). */
  function clear() {
    changed(EVERYTHING);
    entries.clear();
    queued.clear();
    bytes = 0;
  }

  const unsubscribe = options.subscribe?.(invalidate);

  // -------------------------------------------------------------------------------------
  // Background re-renders: a queue of keys (each once), `concurrency` at a time.

  const queued = new Set<string>();
  let running = 0;
  let refreshes = 0;
  const idle = new Set<() => void>();

  function scheduleRefresh(key: string) {
    if (queued.has(key)) return;
    queued.add(key);
    // On the next turn: the several topics one save publishes make one render.
    if (queued.size === 1) setImmediate(pump);
  }

  function pump() {
    for (const key of queued) {
      if (running >= concurrency) return;
      queued.delete(key);
      const entry = entries.get(key);
      if (!entry || entry.staleSince === undefined) continue;
      // A render of this page is under way: when it ends, the page is stale again or not.
      if (pending.has(key)) continue;
      running++;
      refreshes++;
      const filling = fill(key, entry.renderHeaders, entry.client).finally(() => pending.delete(key));
      pending.set(key, filling);
      void filling
        .then(({ response }) => {
          // No longer cacheable (an error, a redirect, a private page): visitors get it rendered for them.
          if (response) {
            void response.body?.cancel().catch(() => {});
            if (entries.get(key) === entry) remove(key);
          }
        })
        .catch(() => {
          if (entries.get(key) === entry) remove(key);
        })
        .finally(() => {
          running--;
          pump();
        });
    }
    if (running === 0 && queued.size === 0) for (const resolve of [...idle]) resolve();
  }

  /** Entries being re-compressed at the best level (once each), and the work under way. */
  const upgrading = new WeakSet<Entry>();
  const upgrades = new Set<Promise<void>>();
  function upgrade(entry: Entry) {
    upgrading.add(entry);
    const work = upgradeNow(entry).finally(() => upgrades.delete(work));
    upgrades.add(work);
    return work;
  }
  async function upgradeNow(entry: Entry) {
    try {
      const { br, gz } = await compress(entry.identity, true);
      // Replaced or dropped meanwhile: nothing to do.
      if (entries.get(entry.key) !== entry) return;
      const size = entry.identity.length + br.length + gz.length + entry.key.length + 1024;
      bytes += size - entry.size;
      // The prepared heads name the old lengths.
      Object.assign(entry, { br, gzip: gz, size, best: true, heads: undefined });
    } catch {
      /* keep the fast forms */
    }
  }

  /** Resolves when the background work started so far (re-renders, re-compression) has finished (tests, bench). */
  async function settled() {
    for (;;) {
      if (running > 0 || queued.size > 0) await new Promise<void>((resolve) => idle.add(resolve)).finally(() => idle.clear());
      else if (upgrades.size > 0) await Promise.all([...upgrades]);
      else if (pending.size > 0) await Promise.allSettled([...pending.values()]);
      else return;
    }
  }

  function isCandidate(req: HitRequest): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (isStaffPath(req.path) || req.path.toLowerCase().endsWith(".data")) return false;
    if (/text\/event-stream/i.test(headerOf(req, "accept") ?? "")) return false;
    return !cookiePairs(headerOf(req, "cookie")).some(([name, value]) => bypass.has(name) && cookieCounts(name, value));
  }

  /**
   * The key of a page's address: the address with only the query parameters the page
   * reads (in a fixed order), once a render of its path has said which they are; until
   * then the whole address. `/?x=1` and `/?x=2` are then one entry, not two renders.
   */
  function keyOfAddress(address: string): string {
    let key = keys.get(address);
    if (key === undefined) {
      key = readKey(address);
      if (keys.size >= maxPaths) keys.clear();
      keys.set(address, key);
    }
    return key;
  }
  /** Keys already worked out, by address (forgotten whenever a render says which query parameters its path reads). */
  const keys = new Map<string, string>();

  function readKey(address: string): string {
    const url = new URL(address);
    const names = queryNames.get(url.pathname);
    if (!names) return address;
    const kept = new URLSearchParams();
    for (const name of names) for (const value of url.searchParams.getAll(name)) kept.append(name, value);
    const query = kept.toString();
    return `${url.origin}${url.pathname}${query ? `?${query}` : ""}`;
  }

  function addressOf(req: HitRequest): string {
    return `${req.protocol}://${headerOf(req, "host") ?? "localhost"}${req.originalUrl}`;
  }

  function keyOf(req: HitRequest): string {
    return keyOfAddress(addressOf(req));
  }

  function learnQuery(address: string, headers: Headers) {
    const header = headers.get(QUERY_HEADER);
    if (header === null) return;
    const path = new URL(address).pathname;
    const names = header.split(",").filter(Boolean);
    const before = queryNames.get(path);
    if (!before || before.join(",") !== names.join(",")) keys.clear();
    queryNames.delete(path);
    queryNames.set(path, names);
    for (const key of queryNames.keys()) {
      if (queryNames.size <= maxPaths) break;
      queryNames.delete(key);
      keys.clear();
    }
  }

  /** The headers a page is rendered with: the request's, without cookies or conditional headers. */
  function renderHeadersOf(req: ExpressRequest): [string, string][] {
    const headers: [string, string][] = [];
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || /^(cookie|if-none-match|if-modified-since|range|if-range)$/i.test(name)) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.push([name, v]);
    }
    return headers;
  }

  /**
   * Renders `address` (a GET with `renderHeaders`) and stores the page when it may be
   * kept. A page whose content changed while it rendered is stored stale, and rendered
   * again.
   */
  async function fill(address: string, renderHeaders: [string, string][], client: RenderClient): Promise<Fill> {
    const from = beginRender();
    let ended = false;
    const end = (topics: ReadonlySet<string> | null) => {
      ended = true;
      return endRender(from, topics);
    };
    try {
      const response = await options.render(new Request(address, { method: "GET", headers: new Headers(renderHeaders) }), client);
      // The page says which query parameters it reads: it is stored under the key made of those.
      learnQuery(address, response.headers);
      const key = keyOfAddress(address);
      const cacheControl = response.headers.get("cache-control") ?? "";
      const cacheable =
        (response.status === 200 || response.status === 404) &&
        /^text\/html\b/i.test(response.headers.get("content-type") ?? "") &&
        !response.headers.has("set-cookie") &&
        !/no-store|private/i.test(cacheControl) &&
        response.body !== null;
      if (!cacheable) {
        end(null);
        return { response };
      }

      const identity = Buffer.from(await response.arrayBuffer());
      const etag = `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
      const previous = entries.get(key);
      // The same bytes as the stored page (a change it does not show, a time-to-live refresh): its compressed forms are kept.
      const same = previous?.etag === etag ? previous : undefined;
      const { br, gz } = same ? { br: same.br, gz: same.gzip } : await compress(identity, false);
      const storedAt = now();
      const headers: [string, string][] = [];
      for (const [name, value] of response.headers) if (!SKIPPED_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
      const topics = topicsOfResponse(response.headers, CONTENT_TOPICS);
      const entry: Entry = {
        key,
        status: response.status,
        headers,
        identity,
        br,
        gzip: gz,
        etag,
        // Same bytes as before (a time-to-live refresh): keep the old date, so 304s go on.
        lastModified: previous?.etag === etag ? previous.lastModified : Math.floor(storedAt / 1000) * 1000,
        lastModifiedHeader: "",
        storedAt,
        topics,
        size: identity.length + br.length + gz.length + key.length + 1024,
        best: same?.best ?? false,
        requestedAt: previous?.requestedAt ?? storedAt,
        renderHeaders,
        client,
      };
      entry.lastModifiedHeader = new Date(entry.lastModified).toUTCString();
      const staleSince = end(topics);
      if (entry.size <= maxBytes) {
        store(entry);
        // Content changed while this page was rendering: it may not show it, so it is rendered again.
        if (staleSince !== undefined) markStale(entry, staleSince);
      }
      return { entry };
    } finally {
      if (!ended) end(null);
    }
  }

  /**
   * A hit written with one `writeHead` of a head prepared once per entry, security headers,
   * state and form (the path before Express: no `setHeader` per header, each checked).
   * The same status, headers and bytes as `send` after the security headers' middleware.
   */
  function sendHead(req: HitRequest, res: ServerResponse, entry: Entry, state: "hit" | "stale", security: HeadSecurityHeaders) {
    const form: Form = notModified(req, entry) ? "not-modified" : acceptedEncoding(headerOf(req, "accept-encoding"));
    const head = ((entry.heads ??= [])[headIndex(security, state, form)] ??= prepareHead(entry, security, state, form));
    if (form === "not-modified") {
      res.writeHead(304, head);
      res.end();
      return;
    }
    res.writeHead(entry.status, head);
    if (req.method === "HEAD") res.end();
    else res.end(bodyOf(entry, form));
  }

  function send(req: HitRequest, res: ServerResponse, entry: Entry, state: "hit" | "stale" | "miss") {
    res.statusCode = entry.status;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("ETag", entry.etag);
    res.setHeader("Last-Modified", entry.lastModifiedHeader);
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    res.setHeader("X-Page-Cache", state);
    if (notModified(req, entry)) {
      res.removeHeader("Content-Type");
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = acceptedEncoding(headerOf(req, "accept-encoding"));
    const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.identity;
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  async function sendUncached(res: ExpressResponse, response: Response) {
    res.statusMessage = response.statusText;
    res.status(response.status);
    for (const [name, value] of response.headers) res.append(name, value);
    res.removeHeader(TOPICS_HEADER);
    res.removeHeader(QUERY_HEADER);
    res.setHeader("X-Page-Cache", "bypass");
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  }

  /**
   * Serves a stored page, fresh or stale within `maxStaleMs` (a stale one is being
   * rendered again meanwhile); false when there is none (or the request is not a candidate).
   * With `security` (the path before Express), the hit's whole head, those security headers
   * first, is written in one `writeHead`; without, it is set header by header on a
   * response that already has them (Express's middleware).
   */
  function serveHit(req: HitRequest, res: ServerResponse, security?: HeadSecurityHeaders): boolean {
    if (!isCandidate(req)) return false;
    const key = keyOf(req);
    const cached = entries.get(key);
    if (!cached) return false;
    const t = now();
    cached.requestedAt = t;
    if (cached.staleSince === undefined && t - cached.storedAt >= ttlMs) cached.staleSince = cached.storedAt + ttlMs;
    if (cached.staleSince !== undefined) {
      // Its new version is on the way (a failed or dropped re-render is asked for again).
      if (!pending.has(key)) scheduleRefresh(key);
      // Too old to serve: this visitor waits for the render under way.
      if (t - cached.staleSince >= maxStaleMs) return false;
    }
    // Most recently used last: eviction takes the first.
    if (cached !== newest) {
      entries.delete(key);
      entries.set(key, cached);
      newest = cached;
    }
    const state = cached.staleSince === undefined ? "hit" : "stale";
    if (security) sendHead(req, res, cached, state, security);
    else send(req, res, cached, state);
    if (!cached.best && !upgrading.has(cached) && t - cached.storedAt >= upgradeAfterMs) void upgrade(cached);
    return true;
  }

  /**
   * Hits only, for the front of the server's middleware: a stored page is already
   * compressed and needs nothing of what runs for other requests.
   */
  function hits(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    if (!serveHit(req, res)) next();
  }

  async function middleware(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    if (serveHit(req, res)) return;
    if (!isCandidate(req)) return next();
    const key = keyOf(req);
    try {
      let filling = pending.get(key);
      const leader = !filling;
      if (!filling) {
        filling = fill(addressOf(req), renderHeadersOf(req), { ip: req.ip ?? req.socket.remoteAddress ?? "unknown", secure: req.secure }).finally(() => pending.delete(key));
        pending.set(key, filling);
      }
      const { entry, response } = await filling;
      if (entry) {
        entry.requestedAt = now();
        return send(req, res, entry, "miss");
      }
      if (leader && response) return await sendUncached(res, response);
      // Another render could not be cached: render this one normally.
      return next();
    } catch (error) {
      next(error);
    }
  }

  return {
    hits,
    /**
     * A hit answered from the bare request (server/cached-hits.ts): false, with nothing
     * written, when there is none to serve; the security headers given go first.
     */
    serveHit,
    middleware,
    invalidate,
    clear,
    stats: () => ({
      entries: entries.size,
      bytes,
      best: [...entries.values()].filter((e) => e.best).length,
      stale: [...entries.values()].filter((e) => e.staleSince !== undefined).length,
      /** Background re-renders started so far. */
      refreshes,
      queued: queued.size,
    }),
    settled,
    close: () => unsubscribe?.(),
  };
}
