import { pino } from "pino";
import { config } from "./config.server.ts";

/** Structured logs (JSON lines). Cookies, passwords and tokens are never written out. */
export const logger = pino({
  level: config().LOG_LEVEL ?? (config().NODE_ENV === "test" ? "warn" : "info"),
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
