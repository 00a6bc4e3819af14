/**
 * A periodic job (a pg-boss cron schedule) set by two instances of the site on one
 * database runs once per occurrence, on one of them. Waits for the next minute (the
 * schedules' finest step), so it is a file of its own and runs beside the others.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it, onTestFinished } from "vitest";
import { startQueue, type JobDefinition } from "../../app/jobs/queue.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

const database = setupTestDatabase();

describe("periodic jobs across instances", () => {
  it("runs each minute's occurrence once when two instances schedule it", { timeout: 120_000 }, async () => {
    const name = `every-minute-${randomUUID().slice(0, 8)}`;
    const runs: { instance: string; at: number }[] = [];
    const job = (instance: string): JobDefinition => ({ name, cron: "* * * * *", run: async () => void runs.push({ instance, at: Date.now() }) });
    for (const instance of ["a", "b"]) {
      const queue = await startQueue(database.url, [job(instance)], { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 });
      onTestFinished(() => queue.stop(5_000));
    }
    // The next minute comes: its occurrence runs once, on either instance. (The minute
    // that was current when the schedule was set may run as well, also once.)
    const boundary = Math.ceil(Date.now() / 60_000) * 60_000;
    await new Promise((r) => setTimeout(r, boundary + 15_000 - Date.now()));
    expect(runs.filter((r) => r.at >= boundary)).toHaveLength(1);
    const minutes = runs.map((r) => Math.floor(r.at / 60_000));
    expect(new Set(minutes).size).toBe(minutes.length);
  });
});
