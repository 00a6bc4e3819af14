/**
 * Serves the public file store at /uploads/<key> when it is not the local disk (the disk
 * store is served by express.static, server/app.ts): streamed from the bucket with the
 * same one-year immutable cache (names are random), or, with S3_PUBLIC_BASE_URL, a
 * permanent redirect to the object's public address, so the bytes never pass through the
 * app. Stored content keeps its /uploads/... addresses either way, so moving the files
 * to a bucket needs no change to the database.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { RequestHandler } from "express";
import type { FileStore } from "../app/storage/file-store.server.ts";
import { isValidKey } from "../app/storage/store.ts";

const YEAR = 365 * 24 * 60 * 60;

export function servePublicFiles(options: { store: () => FileStore; baseUrl?: string }): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.set("Allow", "GET, HEAD").status(405).end();
      return;
    }
    const key = req.path.replace(/^\//, "");
    if (!isValidKey(key)) {
      res.status(404).end();
      return;
    }
    res.set("Cache-Control", `public, max-age=${YEAR}, immutable`);
    if (options.baseUrl) {
      res.redirect(301, `${options.baseUrl}/public/${key}`);
      return;
    }
    try {
      const file = await options.store().get(key);
      if (!file) {
        res.set("Cache-Control", "no-cache").status(404).end();
        return;
      }
      res.set({ "Content-Type": file.contentType, "Content-Length": String(file.size), "X-Content-Type-Options": "nosniff" });
      // Uploaded PDFs (annual reports) are downloaded, never shown as a page of this site.
      if (key.endsWith(".pdf")) res.set("Content-Disposition", "attachment");
      if (req.method === "HEAD") {
        await file.body.cancel();
        res.end();
        return;
      }
      await pipeline(Readable.fromWeb(file.body as import("node:stream/web").ReadableStream<Uint8Array>), res);
    } catch (error) {
      if (res.headersSent) res.destroy(error as Error);
      else next(error);
    }
  };
}
