/**
 * Encrypted backups: with BACKUP_PASSPHRASE set, the backup archive is written as
 *
 *   "MCFBAK" 0x00 0x01 | log2 of the scrypt cost (1 byte) | salt (16) | IV (12)
 *   | the .tar.gz encrypted with AES-256-GCM | the GCM tag (16)
 *
 * The key comes from the passphrase through scrypt with the salt, so the same passphrase
 * gives every archive its own key. A restore checks the tag before it reads anything from
 * the archive: a wrong passphrase or a changed byte stops it with nothing changed.
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt, type CipherGCM, type DecipherGCM } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";

const MAGIC = Buffer.from("MCFBAK\x00\x01", "latin1");
const LOG_N = 17;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + SALT_BYTES + IV_BYTES;

/** A backup that cannot be decrypted: the passphrase is wrong or the file was changed. */
export class BackupDecryptionError extends Error {}

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number, options: object) => Promise<Buffer>;

function deriveKey(passphrase: string, salt: Buffer, logN: number): Promise<Buffer> {
  const N = 2 ** logN;
  return scryptAsync(passphrase, salt, 32, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
}

/** Whether `file` starts like an encrypted backup. */
export async function isEncryptedBackup(file: string): Promise<boolean> {
  const handle = await fs.open(file, "r");
  try {
    const start = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await handle.read(start, 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && start.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/** Writes the bytes of `source` (a .tar.gz stream) to `file`, encrypted with `passphrase`. */
export async function writeEncrypted(source: AsyncIterable<Buffer>, file: string, passphrase: string): Promise<void> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher: CipherGCM = createCipheriv("aes-256-gcm", await deriveKey(passphrase, salt, LOG_N), iv);
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Buffer>) {
      yield Buffer.concat([MAGIC, Buffer.from([LOG_N]), salt, iv]);
      for await (const chunk of chunks) yield cipher.update(chunk);
      yield cipher.final();
      yield cipher.getAuthTag();
    },
    createWriteStream(file, { mode: 0o600 }),
  );
}

/**
 * Decrypts the encrypted backup `file` into `out` (the .tar.gz). Throws
 * BackupDecryptionError, and leaves no `out`, when the passphrase is wrong or the file
 * was changed.
 */
export async function decryptBackup(file: string, out: string, passphrase: string): Promise<void> {
  const { size } = await fs.stat(file);
  if (size < HEADER_BYTES + TAG_BYTES) throw new BackupDecryptionError("the file is too short to be an encrypted backup");
  const handle = await fs.open(file, "r");
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await handle.read(header, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const logN = header[MAGIC.length]!;
  if (logN < 14 || logN > 20) throw new BackupDecryptionError("the file's header is damaged");
  const salt = header.subarray(MAGIC.length + 1, MAGIC.length + 1 + SALT_BYTES);
  const iv = header.subarray(MAGIC.length + 1 + SALT_BYTES);
  const decipher: DecipherGCM = createDecipheriv("aes-256-gcm", await deriveKey(passphrase, salt, logN), iv);
  decipher.setAuthTag(tag);
  try {
    const end = size - TAG_BYTES - 1;
    const body = end >= HEADER_BYTES ? createReadStream(file, { start: HEADER_BYTES, end }) : [];
    await pipeline(body, decipher, createWriteStream(out, { mode: 0o600 }));
  } catch (error) {
    await fs.rm(out, { force: true });
    if (error instanceof Error && /authenticate/.test(error.message)) {
      throw new BackupDecryptionError("the passphrase is wrong or the file was changed");
    }
    throw error;
  }
}
