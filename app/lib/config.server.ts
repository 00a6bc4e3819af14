/**
 * The process configuration: every environment variable the app reads, validated once
 * at start-up (a wrong value stops the server with a clear message). Code reads it with
 * `config()`, never from `process.env` (ESLint enforces this outside scripts and tests).
 *
 * Tests that change the environment while running call `reloadConfig()` afterwards.
 */
import path from "node:path";
import { z } from "zod";

const optionalText = z.string().trim().min(1).optional();
const port = z.coerce.number().int().min(0).max(65535);
/** Settings that only tests may change (short session limits, relaxed limits for parallel browser tests). */
const testOnlyNumber = z.coerce.number().int().min(0).optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Where the embedded database (pg/), uploads (uploads/) and private uploads live. */
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  /** The site's public address, for links in mail, feeds and pages. */
  PUBLIC_URL: z
    .string()
    .url()
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  EMBEDDED_PG_PORT: port.default(0),
  /**
   * The key that encrypts second-factor secrets at rest (AES-256-GCM): 32 random bytes,
   * base64 (`openssl rand -base64 32`). Required with DATABASE_URL in production; on the
   * embedded database a key file in DATA_DIR is made when it is unset.
   */
  SECRET_ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine((value) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, "base64").length === 32, {
      message: "SECRET_ENCRYPTION_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)",
    })
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** Behind a reverse proxy or load balancer: read client address and HTTPS from X-Forwarded-*. */
  TRUST_PROXY: optionalText,
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  /** `off`: the public header, footer and cards are rendered afresh every time (docs/decisions/361). */
  STORED_MARKUP: z.enum(["on", "off"]).default("on"),
  /**
   * After a content change, how long the page cache may go on serving a page's previous
   * version while the new one renders in the background; past it a visitor waits for the render.
   */
  PAGE_CACHE_MAX_STALE_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  UPLOADS_DIR: optionalText,
  /**
   * S3-compatible object storage for uploaded files (both stores): set S3_BUCKET to use it.
   * Public files go under "public/", private ones under "private/" (or into
   * S3_PRIVATE_BUCKET); S3_PUBLIC_BASE_URL, when set, is where browsers fetch the bucket's
   * objects (a public bucket address or a CDN); otherwise the app serves them.
   */
  S3_BUCKET: optionalText,
  S3_PRIVATE_BUCKET: optionalText,
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  S3_PUBLIC_BASE_URL: z
    .string()
    .url()
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  /** Encrypts the archives of `npm run backup` and decrypts them for `npm run restore`. */
  BACKUP_PASSPHRASE: z.string().min(16, "BACKUP_PASSPHRASE must be at least 16 characters").optional(),
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  /**
   * Outgoing mail in parallel, per instance: messages sent at once over as many SMTP
   * connections (kept open and reused). Lower it to the SMTP server's limit of
   * connections per client.
   */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /** At most this many messages a second per instance, when the SMTP server limits the rate (unset: no limit). */
  MAIL_RATE_LIMIT: z.coerce.number().int().min(1).optional(),
  /**
   * Newsletters go out at most this many messages a minute (per newsletter), so a
   * provider's sending limit is kept and a large list does not crowd out receipts.
   */
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Online payments (Stripe): both keys switch card donations on. Never logged or shown. */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Where the Stripe SDK sends its calls: only for the local Stripe double (tests, npm run dev). */
  STRIPE_API_HOST: optionalText,
  STRIPE_API_PORT: port.optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  /** "off": npm run dev without keys does not start the local Stripe double. */
  STRIPE_DOUBLE: z.enum(["on", "off"]).optional(),
  /** "off": npm run dev without SMTP_URL does not start the local mail catcher. */
  MAIL_CATCHER: z.enum(["on", "off"]).optional(),
  /** Public form posts per address per 10 minutes. */
  PUBLIC_FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Open /live connections (server-sent events) the process accepts in all, and from one address (IPv6: one /64). */
  LIVE_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1000),
  LIVE_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** A /live connection that has carried no change for this long is closed (the browser reconnects): 10 minutes. */
  LIVE_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10 * 60_000),
  /** The benchmark's static reference: a folder served at /__static. */
  BENCH_STATIC_DIR: optionalText,
  SESSION_IDLE_TIMEOUT_MS: testOnlyNumber,
  SESSION_ABSOLUTE_LIFETIME_MS: testOnlyNumber,
  LOGIN_THROTTLE_ADDRESS_FREE_FAILURES: testOnlyNumber,
  /** log2 of the scrypt cost for new password hashes (10 to 17), for tests that make many accounts. */
  PASSWORD_HASH_LOG_N: testOnlyNumber,
});

export type AppConfig = z.infer<typeof EnvSchema> & {
  /** DATA_DIR, absolute. */
  dataDir: string;
  /** Public uploaded images: UPLOADS_DIR, or DATA_DIR/uploads. */
  uploadsDir: string;
  /** Private uploads (submission files): DATA_DIR/private-uploads, never served as is. */
  privateUploadsDir: string;
  /** Object storage for both file stores, when S3_BUCKET is set; the local disk otherwise. */
  s3: {
    bucket: string;
    privateBucket?: string;
    endpoint?: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
    publicBaseUrl?: string;
  } | null;
  /** Outgoing mail, when both SMTP_URL and MAIL_FROM are set. */
  mail: { url: string; from: string; concurrency: number; ratePerSecond: number | null } | null;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    ...values,
    dataDir,
    uploadsDir: path.resolve(values.UPLOADS_DIR ?? path.join(dataDir, "uploads")),
    privateUploadsDir: path.join(dataDir, "private-uploads"),
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          privateBucket: values.S3_PRIVATE_BUCKET,
          endpoint: values.S3_ENDPOINT,
          region: values.S3_REGION,
          accessKeyId: values.S3_ACCESS_KEY_ID,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY,
          forcePathStyle: values.S3_FORCE_PATH_STYLE === "true",
          publicBaseUrl: values.S3_PUBLIC_BASE_URL,
        }
      : null,
    mail:
      values.SMTP_URL && values.MAIL_FROM
        ? { url: values.SMTP_URL, from: values.MAIL_FROM, concurrency: values.MAIL_CONCURRENCY, ratePerSecond: values.MAIL_RATE_LIMIT ?? null }
        : null,
  };
}

let current: AppConfig | undefined;

/** The configuration of this process (read from the environment on first use). */
export function config(): AppConfig {
  current ??= readConfig();
  return current;
}

/** Reads the environment again (tests that change it while running). */
export function reloadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  current = readConfig(env);
  return current;
}

/**
 * Why the server must not start with this configuration, or null. In production behind
 * a proxy (TRUST_PROXY), the site's address must be set: links in mail, feeds, the
 * sitemap and robots.txt are built from PUBLIC_URL, never from what a request claims.
 */
export function startupProblem(settings: AppConfig): string | null {
  if (settings.NODE_ENV === "production" && settings.TRUST_PROXY && !settings.PUBLIC_URL) {
    return "PUBLIC_URL is not set. Behind a proxy (TRUST_PROXY is set) in production, set PUBLIC_URL to the site's public address, for example PUBLIC_URL=https://www.millbrookfoundation.org.uk: links in emails, the news feed, the sitemap and robots.txt are built from it, never from request headers.";
  }
  return null;
}

let listeningOrigin: string | undefined;

/** The server says where it listens (http://localhost:<port>): the origin of links when PUBLIC_URL is not set. */
export function setListeningOrigin(origin: string): void {
  listeningOrigin = origin;
}

/**
 * The site's origin for absolute links: PUBLIC_URL when set, otherwise where this server
 * listens (http://localhost:PORT). Never the Host or X-Forwarded-Host of a request: a
 * visitor could put any address there, and pages, feeds and the sitemap are cached.
 */
export function siteOrigin(): string {
  const { PUBLIC_URL, PORT } = config();
  return PUBLIC_URL ?? listeningOrigin ?? `http://localhost:${PORT}`;
}
