/**
 * The interface every file store implements (disk and S3-compatible), and the rule for
 * keys: "<folder>/<name>.<ext>", folder and name of safe characters only (no dots or
 * slashes of their own, so a key never leaves the store's root), the extension one of
 * the accepted file types.
 */
/**
 * A folder of the store, named by the content type that owns its files ("events",
 * "trustees", "submissions" ...): lower-case letters, digits and hyphens. No list to keep:
 * a new content type picks its folder name.
 */
export type StoreFolder = string;

interface StoredFile {
  body: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
}

export interface FileStore {
  /** Stores a file under a new key. */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The file as a stream with its size and type, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every file of the store (or of one folder, "events/"), with its size. */
  list(prefix?: string): AsyncIterable<{ key: string; size: number }>;
}

/** Said when the store refused a write (a read-only folder, a full disk, a bucket down): not the file's fault. */
export const FILE_NOT_STORED = "The file could not be stored. Please try again later, and tell an administrator if this keeps happening.";

const KEY_RE = /^[a-z0-9][a-z0-9-]{0,39}\/[A-Za-z0-9_-]{1,100}\.(webp|jpg|png|gif|pdf)$/;
export const isValidKey = (key: string) => KEY_RE.test(key);

/** Refuses a key that does not follow the rule (a bug, or a forged key). */
export function assertValidKey(key: string) {
  if (!isValidKey(key)) throw new Error(`Invalid file key: ${key}`);
}

