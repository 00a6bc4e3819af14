/**
 * Fingerprinted build assets (/assets) in brotli or gzip, compressed once at the best
 * level (on first request, off the main thread) and kept in memory: the files never
 * change under their names, and the whole folder is a few hundred kilobytes. Served with
 * Content-Encoding, Vary and the year-long immutable Cache-Control; anything not
 * compressible, missing or asked for without compression falls through to express.static.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { acceptedEncoding } from "./page-cache.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".map", ".txt", ".html", ".xml", ".webmanifest"]);

interface Compressed {
  br: Buffer;
  gzip: Buffer;
}

export function precompressedAssets(dir: string, options: { maxAgeSeconds: number }) {
  const root = path.resolve(dir);
  const files = new Map<string, Promise<Compressed | null>>();

  async function compress(file: string): Promise<Compressed | null> {
    try {
      const body = await fs.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzip(body, { level: 9 }),
      ]);
      return { br, gzip: gz };
    } catch {
      return null;
    }
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const encoding = acceptedEncoding(req.get("accept-encoding"));
    if (encoding === "identity") return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, relative);
    if (!file.startsWith(root + path.sep) || !COMPRESSIBLE.has(path.extname(file).toLowerCase())) return next();
    let compressed = files.get(file);
    if (!compressed) {
      compressed = compress(file);
      files.set(file, compressed);
    }
    const result = await compressed;
    if (!result) {
      files.delete(file);
      return next();
    }
    const body = encoding === "br" ? result.br : result.gzip;
    res.type(path.extname(file));
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.setHeader("Cache-Control", `public, max-age=${options.maxAgeSeconds}, immutable`);
    res.setHeader("Vary", "Accept-Encoding");
    if (req.method === "HEAD") res.end();
    else res.end(body);
  };
}
