/**
 * npm run storage:migrate
 *
 * Copies the files of the local stores (UPLOADS_DIR or DATA_DIR/uploads, and
 * DATA_DIR/private-uploads) into the S3-compatible bucket configured with S3_BUCKET and
 * the other S3_* variables: public files under "public/", private ones under "private/"
 * (or into S3_PRIVATE_BUCKET). Safe to run again: an object already in the bucket with
 * the same size is skipped; the local files are left as they are. Stored content keeps
 * its /uploads/... addresses, so nothing in the database changes.
 */
import { config } from "../app/lib/config.server.ts";
import { createDiskStore, privateStore, publicStore, type FileStore } from "../app/storage/file-store.server.ts";

const settings = config();
if (!settings.s3) {
  console.error("storage:migrate: S3_BUCKET is not set. Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as your provider needs) first.");
  process.exit(2);
}

async function copy(label: string, from: FileStore, to: FileStore) {
  const there = new Map<string, number>();
  for await (const object of to.list()) there.set(object.key, object.size);
  let copied = 0;
  let skipped = 0;
  let bytes = 0;
  for await (const file of from.list()) {
    if (there.get(file.key) === file.size) {
      skipped++;
      continue;
    }
    const stored = await from.get(file.key);
    if (!stored) continue;
    const data = new Uint8Array(await new Response(stored.body).arrayBuffer());
    await to.put(file.key, data, stored.contentType);
    copied++;
    bytes += data.byteLength;
  }
  console.log(`${label}: ${copied} copied (${(bytes / 1024 / 1024).toFixed(1)} MB), ${skipped} already in the bucket`);
}

try {
  await copy("Public files", createDiskStore(settings.uploadsDir), publicStore());
  await copy("Private files", createDiskStore(settings.privateUploadsDir), privateStore());
} catch (error) {
  console.error(`storage:migrate: ${(error as Error).message}`);
  process.exit(1);
}
