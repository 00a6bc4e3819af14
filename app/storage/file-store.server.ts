/**
 * The file stores. One interface, two stores:
 *
 *   publicStore()   uploaded images, readable by anyone at /uploads/<key>
 *   privateStore()  form submission files, read only through staff routes after the role check
 *
 * Each is backed by the local disk (the default: UPLOADS_DIR, default DATA_DIR/uploads,
 * and DATA_DIR/private-uploads) or, when S3_BUCKET is set, by S3-compatible object storage
 * (s3-store.server.ts: public objects under "public/", private ones under "private/" or in
 * S3_PRIVATE_BUCKET; no object is ever given a public ACL).
 *
 * Keys are "<folder>/<name>.<ext>" with folder and name restricted to safe characters
 * (no dots or slashes of their own, so a key never leaves the store's root) and the
 * extension one of the accepted file types (file-types.ts).
 */
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { config, type AppConfig } from "../lib/config.server.ts";
import { contentTypeOfKey } from "./file-types.ts";
import { createS3Store } from "./s3-store.server.ts";
import { assertValidKey, isValidKey, type FileStore } from "./store.ts";

export type { FileStore, StoreFolder } from "./store.ts";

/** A store on the local disk under `root`; files are written with `fileMode`. */
export function createDiskStore(root: string, options: { fileMode?: number } = {}): FileStore {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split("/"));
  };
  const statOf = async (key: string) => {
    try {
      const stat = await fs.stat(fileOf(key));
      return stat.isFile() ? stat : null;
    } catch (error) {
      // No such file, or a part of its path is not a folder: either way, no file.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return null;
      throw error;
    }
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // "wx": never overwrite (names are random; a clash is a bug).
      await fs.writeFile(file, data, { flag: "wx", mode: options.fileMode ?? 0o644 });
    },
    async get(key) {
      const stat = await statOf(key);
      if (!stat) return null;
      const body = Readable.toWeb(createReadStream(fileOf(key))) as ReadableStream<Uint8Array>;
      return { body, size: stat.size, contentType: contentTypeOfKey(key) };
    },
    async exists(key) {
      return (await statOf(key)) !== null;
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async *list(prefix = "") {
      let entries: string[];
      try {
        entries = await fs.readdir(root, { recursive: true, encoding: "utf8" });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      for (const entry of entries.sort()) {
        const key = entry.split(path.sep).join("/");
        if (!isValidKey(key) || !key.startsWith(prefix)) continue;
        const stat = await statOf(key);
        if (stat) yield { key, size: stat.size };
      }
    },
  };
}

interface Stores {
  config: AppConfig;
  public: FileStore;
  private: FileStore;
}
let stores: Stores | undefined;

/** The stores of the current configuration (made again when a test reloads it). */
function currentStores(): Stores {
  const cfg = config();
  if (stores?.config === cfg) return stores;
  const s3 = cfg.s3;
  stores = s3
    ? {
        config: cfg,
        public: createS3Store(s3, { bucket: s3.bucket, prefix: "public/" }),
        private: createS3Store(s3, { bucket: s3.privateBucket ?? s3.bucket, prefix: "private/" }),
      }
    : {
        config: cfg,
        public: createDiskStore(cfg.uploadsDir),
        private: createDiskStore(cfg.privateUploadsDir, { fileMode: 0o600 }),
      };
  return stores;
}

/** Uploaded images, served to anyone at /uploads/<key>. */
export const publicStore = (): FileStore => currentStores().public;
/** Private files (form submissions): read only through staff routes. */
export const privateStore = (): FileStore => currentStores().private;

/** The public URL of a key of the public store (the address kept in content rows). */
export function publicUrl(key: string): string {
  assertValidKey(key);
  return `/uploads/${key}`;
}

/** The key of one of the public store's URLs, or null for any other URL (e.g. built-in /images/...). */
export function keyFromPublicUrl(url: string): string | null {
  if (!url.startsWith("/uploads/")) return null;
  const key = url.slice("/uploads/".length);
  return isValidKey(key) ? key : null;
}
