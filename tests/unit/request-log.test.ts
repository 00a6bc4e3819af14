import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLog } from "../../server/request-log.ts";

const lines: { level: string; status: number; message: string }[] = [];
const record = (level: string) => (line: { status: number }, message: string) => void lines.push({ level, status: line.status, message });
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(requestLog({ error: record("error"), info: record("info"), debug: record("debug") } as never));
  app.get("/maintenance", (_req, res) => void res.status(503).set("Retry-After", "3600").send("We'll be back soon"));
  app.get("/broken", (_req, res) => void res.status(500).send("Something went wrong"));
  app.get("/down", (_req, res) => void res.status(503).send("database down"));
  app.get("/fine", (_req, res) => void res.send("ok"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function levelOf(path: string) {
  lines.length = 0;
  await (await fetch(base + path)).text();
  await expect.poll(() => lines.length).toBe(1);
  return lines[0];
}

describe("the request log", () => {
  it("writes the maintenance page's 503 (with Retry-After) as information, not as an error", async () => {
    expect(await levelOf("/maintenance")).toMatchObject({ level: "info", status: 503, message: "request refused while the site is in maintenance mode" });
  });

  it("still writes server failures as errors, and ordinary requests as debug", async () => {
    expect(await levelOf("/broken")).toMatchObject({ level: "error", status: 500 });
    expect(await levelOf("/down")).toMatchObject({ level: "error", status: 503 });
    expect(await levelOf("/fine")).toMatchObject({ level: "debug", status: 200 });
  });
});
