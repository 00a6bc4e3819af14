import { pino } from "pino";
import { config } from "./config.server.ts";

type Serialized = Record<string, unknown>;

/**
 * An error as logged, without what a visitor or staff member submitted: a failed
 * query's parameters (Drizzle puts them in the message and in `params`) and
 * PostgreSQL's `detail` ("Key (email)=(...) already exists") are left out, at every
 * level of `cause`. The query itself (with $1 placeholders) stays.
 */
function withoutSubmittedValues(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== "object" || depth > 5) return value;
  const error = { ...(value as Serialized) };
  for (const key of ["params", "parameters", "detail", "where"]) if (key in error) error[key] = "[not logged]";
  for (const key of ["message", "stack"]) {
    if (typeof error[key] === "string") error[key] = (error[key] as string).replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, "\nparams: [not logged]");
  }
  if (error.cause) error.cause = withoutSubmittedValues(error.cause, depth + 1);
  return error;
}

export function serializeError(error: unknown): unknown {
  return withoutSubmittedValues(error instanceof Error ? pino.stdSerializers.errWithCause(error) : error);
}

/** Structured logs (JSON lines). Cookies, passwords and tokens are never written out, nor submitted values inside errors. */
export const logger = pino({
  serializers: { err: serializeError },
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
