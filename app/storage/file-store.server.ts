/**
 * The file store: put, delete, url. One implementation today (disk, under UPLOADS_DIR,
 * default DATA_DIR/uploads, served at /uploads with a one-year immutable cache by
 * server/app.ts); an S3-compatible store can implement the same interface later.
 * Keys are "<folder>/<name>.<ext>" with folder and name restricted to safe characters
 * (no dots or slashes of their own, so a key never leaves the store's root).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { config } from "../lib/config.server.ts";

/**
 * A folder of the store, named by the content type that owns its files ("events",
 * "trustees" ...): lower-case letters, digits and hyphens. No list to keep: a new
 * content type picks its folder name.
 */
export type StoreFolder = string;

interface FileStore {
  put(key: string, data: Uint8Array): Promise<void>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The public URL of a key. */
  url(key: string): string;
  /** The key of one of this store's URLs, or null for any other URL (e.g. built-in /images/...). */
  keyFromUrl(url: string): string | null;
}

const KEY_RE = /^[a-z0-9][a-z0-9-]{0,39}\/[A-Za-z0-9_-]{1,100}\.(webp|jpg|png|gif|pdf)$/;
export const isValidKey = (key: string) => KEY_RE.test(key);

export const uploadsDir = () => config().uploadsDir;

function createDiskStore(root: () => string = uploadsDir): FileStore {
  const fileOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid file key: ${key}`);
    return path.join(root(), ...key.split("/"));
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // "wx": never overwrite (names are random; a clash is a bug).
      await fs.writeFile(file, data, { flag: "wx" });
    },
    async delete(key) {
      try {
        await fs.unlink(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    },
    url(key) {
      if (!isValidKey(key)) throw new Error(`Invalid file key: ${key}`);
      return `/uploads/${key}`;
    },
    keyFromUrl(url) {
      if (!url.startsWith("/uploads/")) return null;
      const key = url.slice("/uploads/".length);
      return isValidKey(key) ? key : null;
    },
  };
}

const store: FileStore = createDiskStore();
export const fileStore = () => store;
