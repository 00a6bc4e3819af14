/**
 * Packages that only some requests need are loaded on first use, not with the modules
 * that use them (the route bundle imports those modules in every process): a child
 * process records every package it resolves (Node's module hooks).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-lazy-packages-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const WATCHED = ["@simplewebauthn/server", "nodemailer", "pg-boss"];
const probe = `
import { registerHooks } from "node:module";
const seen = new Set();
registerHooks({ resolve(specifier, context, next) { if (${JSON.stringify(WATCHED)}.includes(specifier)) seen.add(specifier); return next(specifier, context); } });
await import(${JSON.stringify(path.resolve("app/auth/passkeys.server.ts"))});
await import(${JSON.stringify(path.resolve("app/jobs/queue.server.ts"))});
const { sendMail } = await import(${JSON.stringify(path.resolve("app/mail/mailer.server.ts"))});
const atImport = [...seen].sort();
// An SMTP server that is not there: the send fails, but nodemailer has been loaded for it.
const result = await sendMail({ to: "a@example.org", subject: "s", text: "t" }, { mail: { url: "smtp://127.0.0.1:9", from: "b@example.org", concurrency: 1, ratePerSecond: null } });
console.log(JSON.stringify({ atImport, afterSend: [...seen].sort(), sent: result.sent }));
`;

function run(): Promise<{ atImport: string[]; afterSend: string[]; sent: boolean }> {
  const file = path.join(dir, "probe.mjs");
  fs.writeFileSync(file, probe);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [file], { env: { PATH: process.env.PATH, DATA_DIR: dir, LOG_LEVEL: "silent" }, encoding: "utf8", timeout: 60_000 }, (error, out, err) =>
      error ? reject(new Error(`${error.message}\n${err}`)) : resolve(JSON.parse(out.trim().split("\n").pop()!) as { atImport: string[]; afterSend: string[]; sent: boolean }),
    );
  });
}

describe("packages loaded on first use", () => {
  it("are not loaded by importing the passkeys, job queue and mail modules; nodemailer comes with the first message", async () => {
    const result = await run();
    expect(result.atImport).toEqual([]);
    expect(result.sent).toBe(false);
    expect(result.afterSend).toEqual(["nodemailer"]);
  }, 60_000); // a child Node process that imports the modules: 1–3 s, more on a busy machine
});
