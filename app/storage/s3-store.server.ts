/**
 * A file store on S3-compatible object storage (AWS S3, Cloudflare R2, Backblaze B2,
 * MinIO ...), through the AWS SDK v3 S3 client. The SDK is loaded on the first call, not
 * at start-up, so a site on the local disk never pays for it.
 *
 * Objects are written without an ACL (private, the bucket's default); the public store's
 * objects are read through the app, or at S3_PUBLIC_BASE_URL where the bucket (or a CDN in
 * front of it) serves the "public/" prefix. Checksums are only sent where S3 requires
 * them: several S3-compatible services do not accept the SDK's newer default.
 */
import type { S3Client } from "@aws-sdk/client-s3";
import { assertValidKey, type FileStore } from "./store.ts";

export interface S3Connection {
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

type Sdk = typeof import("@aws-sdk/client-s3");
let sdk: Promise<Sdk> | undefined;
const clients = new Map<string, S3Client>();

async function connect(connection: S3Connection): Promise<{ sdk: Sdk; client: S3Client }> {
  const loaded = await (sdk ??= import("@aws-sdk/client-s3"));
  const id = JSON.stringify(connection);
  let client = clients.get(id);
  if (!client) {
    client = new loaded.S3Client({
      endpoint: connection.endpoint,
      region: connection.region,
      forcePathStyle: connection.forcePathStyle,
      credentials:
        connection.accessKeyId && connection.secretAccessKey
          ? { accessKeyId: connection.accessKeyId, secretAccessKey: connection.secretAccessKey }
          : undefined,
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    clients.set(id, client);
  }
  return { sdk: loaded, client };
}

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
};

/** A store of the objects under `prefix` in `bucket`. */
export function createS3Store(connection: S3Connection, place: { bucket: string; prefix: string }): FileStore {
  const { bucket: Bucket, prefix } = place;
  const objectKey = (key: string) => {
    assertValidKey(key);
    return prefix + key;
  };
  return {
    async put(key, data, contentType) {
      const { sdk, client } = await connect(connection);
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: objectKey(key), Body: data, ContentType: contentType, ContentLength: data.byteLength }));
    },
    async get(key) {
      const { sdk, client } = await connect(connection);
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        return {
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      const { sdk, client } = await connect(connection);
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect(connection);
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async *list(under = "") {
      const { sdk, client } = await connect(connection);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix + under, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key.slice(prefix.length), size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
