/**
 * One log line per request, at a level that says whether someone must look at it: a
 * server failure (5xx) is an error; a 503 that carries Retry-After is a planned refusal
 * (maintenance mode) and only worth an info line; everything else is debug.
 */
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { logger as appLogger } from "../app/lib/logger.server.ts";

function requestLogLevel(status: number, retryAfter: unknown): "error" | "info" | "debug" {
  if (status === 503 && retryAfter !== undefined) return "info";
  return status >= 500 ? "error" : "debug";
}

export function requestLog(logger: Pick<Logger, "error" | "info" | "debug"> = appLogger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on("finish", () => {
      const ms = Math.round(performance.now() - started);
      const line = { method: req.method, url: req.originalUrl, status: res.statusCode, ms };
      const level = requestLogLevel(res.statusCode, res.getHeader("Retry-After"));
      logger[level](line, level === "info" ? "request refused while the site is in maintenance mode" : "request");
    });
    next();
  };
}
