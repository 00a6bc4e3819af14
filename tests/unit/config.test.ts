import path from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig } from "../../app/lib/config.server.ts";

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
});
