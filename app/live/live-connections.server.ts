/**
 * The open /live connections of this process, counted per address (IPv6 by its /64) and
 * in all, so one client cannot hold every socket and all the memory behind them:
 * LIVE_MAX_PER_ADDRESS (10) from one address, LIVE_MAX_CONNECTIONS (1000) in all. A
 * connection takes a place with `takeLiveSlot` and gives it back exactly once when it
 * ends (closed by the browser, the idle timeout, or shutdown).
 */
import { addressBucket } from "../auth/throttle.server.ts";
import { config } from "../lib/config.server.ts";

const KEY = Symbol.for("millbrook.liveConnections");
const holder = globalThis as { [KEY]?: { total: number; byAddress: Map<string, number> } };
const state = (holder[KEY] ??= { total: 0, byAddress: new Map() });

export type LiveSlot = { ok: true; release: () => void } | { ok: false; reason: "address" | "total" };

export function takeLiveSlot(ip: string, settings = config()): LiveSlot {
  const bucket = addressBucket(ip);
  const mine = state.byAddress.get(bucket) ?? 0;
  if (mine >= settings.LIVE_MAX_PER_ADDRESS) return { ok: false, reason: "address" };
  if (state.total >= settings.LIVE_MAX_CONNECTIONS) return { ok: false, reason: "total" };
  state.byAddress.set(bucket, mine + 1);
  state.total++;
  let released = false;
  return {
    ok: true,
    release: () => {
      if (released) return;
      released = true;
      state.total--;
      const left = (state.byAddress.get(bucket) ?? 1) - 1;
      if (left > 0) state.byAddress.set(bucket, left);
      else state.byAddress.delete(bucket);
    },
  };
}

/** Open connections in all and from one address (for tests and diagnostics). */
export function liveConnectionCount(ip?: string): number {
  return ip === undefined ? state.total : (state.byAddress.get(addressBucket(ip)) ?? 0);
}
