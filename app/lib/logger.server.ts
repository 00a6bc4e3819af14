import { pino } from "pino";

/** Structured logs (JSON lines). Cookies, passwords and tokens are never written out. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  redact: {
    paths: [
      "password",
      "*.password",
      "token",
      "*.token",
      "req.headers.cookie",
      "req.headers.authorization",
      "res.headers['set-cookie']",
      "databaseUrl",
    ],
    censor: "[redacted]",
  },
});
