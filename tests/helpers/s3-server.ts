/**
 * An S3-compatible server on loopback for tests (s3rver: the real S3 REST protocol, signed
 * requests, objects kept in a temporary folder). `env` is the app configuration that points
 * both file stores at it; `client` reads and writes the bucket directly, as a check from
 * outside the app.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** S3_* variables for the app. */
  env: Record<string, string>;
  client: S3Client;
  /** Every object key in the bucket with its size. */
  objects(prefix?: string): Promise<{ key: string; size: number }[]>;
  stop(): Promise<void>;
}

const ACCESS_KEY = "S3RVER";

export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3> {
  const bucket = options.bucket ?? "millbrook-test";
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    S3_FORCE_PATH_STYLE: "true",
  };
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return {
    endpoint,
    bucket,
    env,
    client,
    async objects(prefix = "") {
      const found: { key: string; size: number }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
        for (const o of page.Contents ?? []) found.push({ key: o.Key!, size: o.Size ?? 0 });
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found.sort((a, b) => a.key.localeCompare(b.key));
    },
    async stop() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
