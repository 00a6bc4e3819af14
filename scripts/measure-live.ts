/**
 * npm run measure:live: what /live connections cost and whether the limits hold, on a
 * production build (`npm run build` first) started here with its own data folder.
 *
 * 1. 30 connections from one address (127.0.0.1): how many are accepted (the limit is 10).
 * 2. The server's resident memory (VmRSS of its process) with those 10 open, then with
 *    LIVE_MAX_CONNECTIONS (1000) open from 100 loopback addresses (127.0.1.1 ... 127.0.1.100,
 *    10 each): the difference over the added connections is the memory per connection.
 *    One more connection, from a new address, must be refused (the total limit).
 * 3. All closed: the counts are given back (10 from 127.0.0.1 are accepted again) and
 *    the memory afterwards.
 * Loopback only.
 */
import fs from "node:fs";
import http from "node:http";
import { startOwnServer } from "../tests/e2e/own-server.ts";

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Conn {
  status: number;
  close: () => void;
}

function connect(port: number, localAddress: string): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/live?topics=events", localAddress, agent: false }, (res) => {
      res.on("data", () => {});
      res.on("error", () => {});
      resolve({ status: res.statusCode ?? 0, close: () => req.destroy() });
    });
    req.on("error", reject);
  });
}

const server = await startOwnServer({ LOG_LEVEL: "error" });
const port = Number(new URL(server.origin).port);
try {
  // Warm up: pages and the route module loaded, a few connections opened and closed.
  await fetch(`${server.origin}/`);
  for (const c of await Promise.all(Array.from({ length: 10 }, () => connect(port, "127.0.0.1")))) c.close();
  await sleep(1000);

  const own = await Promise.all(Array.from({ length: 30 }, () => connect(port, "127.0.0.1")));
  const accepted = own.filter((c) => c.status === 200).length;
  console.log(`one address, 30 connections: ${accepted} accepted, ${own.filter((c) => c.status === 429).length} refused (429)`);
  for (const c of own.filter((c) => c.status !== 200)) c.close();

  await sleep(2000);
  const before = rssKb(server.pid);
  const many: Conn[] = [];
  for (let a = 1; a <= 99; a++) many.push(...(await Promise.all(Array.from({ length: 10 }, () => connect(port, `127.0.1.${a}`)))));
  const opened = many.filter((c) => c.status === 200).length;
  const extra = await connect(port, "127.0.2.1");
  await sleep(3000);
  const after = rssKb(server.pid);
  console.log(`open in all: ${accepted + opened}; one more from a new address: ${extra.status}`);
  console.log(`memory: ${(before / 1024).toFixed(1)} MB with ${accepted} open, ${(after / 1024).toFixed(1)} MB with ${accepted + opened} open`);
  console.log(`per connection: ${((after - before) / opened).toFixed(1)} KB (resident memory over ${opened} added connections)`);

  for (const c of [...own, ...many, extra]) c.close();
  await sleep(3000);
  const again = await Promise.all(Array.from({ length: 10 }, () => connect(port, "127.0.0.1")));
  console.log(`after closing all: 10 from one address again: ${again.filter((c) => c.status === 200).length} accepted`);
  for (const c of again) c.close();
  await sleep(2000);
  console.log(`memory after closing: ${(rssKb(server.pid) / 1024).toFixed(1)} MB`);
} finally {
  await server.stop();
}
