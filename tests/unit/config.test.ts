import path from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig, reloadConfig, setListeningOrigin, siteOrigin, startupProblem } from "../../app/lib/config.server.ts";

describe("readConfig", () => {
  it("uses port 3000 and ./data by default", () => {
    const config = readConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("reads PORT, DATA_DIR and DATABASE_URL", () => {
    const config = readConfig({ PORT: "4010", DATA_DIR: "/tmp/x", DATABASE_URL: "postgres://u:p@db:5432/app" });
    expect(config.PORT).toBe(4010);
    expect(config.dataDir).toBe("/tmp/x");
    expect(config.DATABASE_URL).toBe("postgres://u:p@db:5432/app");
  });

  it("refuses a bad port or a database URL that is not PostgreSQL", () => {
    expect(() => readConfig({ PORT: "http" })).toThrow(/PORT/);
    expect(() => readConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must start with postgres/);
  });

  it("uses the local disk for files unless S3_BUCKET is set, then reads the S3 settings", () => {
    expect(readConfig({}).s3).toBeNull();
    expect(readConfig({ S3_ENDPOINT: "https://s3.example.org" }).s3).toBeNull();
    expect(
      readConfig({
        S3_BUCKET: "millbrook-files",
        S3_ENDPOINT: "https://abc.r2.cloudflarestorage.com",
        S3_REGION: "auto",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
        S3_PUBLIC_BASE_URL: "https://files.example.org/",
      }).s3,
    ).toEqual({
      bucket: "millbrook-files",
      privateBucket: undefined,
      endpoint: "https://abc.r2.cloudflarestorage.com",
      region: "auto",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: true,
      publicBaseUrl: "https://files.example.org",
    });
    expect(readConfig({ S3_BUCKET: "b" }).s3).toMatchObject({ region: "us-east-1", forcePathStyle: false });
  });

  it("refuses S3 settings that are not addresses or switches", () => {
    expect(() => readConfig({ S3_BUCKET: "b", S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
    expect(() => readConfig({ S3_BUCKET: "b", S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => readConfig({ S3_BUCKET: "b", S3_PUBLIC_BASE_URL: "files" })).toThrow(/S3_PUBLIC_BASE_URL/);
  });
});

describe("the site's address", () => {
  it("refuses to start in production behind a proxy without PUBLIC_URL, and says why", () => {
    expect(startupProblem(readConfig({ NODE_ENV: "production", TRUST_PROXY: "1" }))).toMatch(/^PUBLIC_URL is not set\. Behind a proxy \(TRUST_PROXY is set\) in production, set PUBLIC_URL/);
    expect(startupProblem(readConfig({ NODE_ENV: "production", TRUST_PROXY: "1", PUBLIC_URL: "https://millbrook.example" }))).toBeNull();
    expect(startupProblem(readConfig({ NODE_ENV: "production" }))).toBeNull();
    expect(startupProblem(readConfig({ NODE_ENV: "development", TRUST_PROXY: "1" }))).toBeNull();
  });

  it("builds links from PUBLIC_URL, else from where the server listens: never from a request", () => {
    try {
      reloadConfig({ PUBLIC_URL: "https://millbrook.example/" });
      expect(siteOrigin()).toBe("https://millbrook.example");
      reloadConfig({ PORT: "4321" });
      expect(siteOrigin()).toBe("http://localhost:4321");
      setListeningOrigin("http://localhost:5555");
      expect(siteOrigin()).toBe("http://localhost:5555");
      // siteOrigin takes no request: a Host or X-Forwarded-Host header cannot reach it.
      expect(siteOrigin.length).toBe(0);
    } finally {
      reloadConfig();
    }
  });
});
