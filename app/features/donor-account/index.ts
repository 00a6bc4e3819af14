/**
 * What others use of the donor account (server side): its Stripe event handlers, added to
 * the site's alongside any handler of the same event type (both run, in one transaction).
 */
import type { AfterCommit, EventHandler } from "../../payments/webhooks.server.ts";
import { DONOR_ACCOUNT_EVENT_HANDLERS } from "./monthly.server.ts";

export function withDonorAccountHandlers(handlers: Partial<Record<string, EventHandler>>): Partial<Record<string, EventHandler>> {
  const combined = { ...handlers };
  for (const [type, extra] of Object.entries(DONOR_ACCOUNT_EVENT_HANDLERS)) {
    const first = handlers[type];
    if (!extra) continue;
    combined[type] = !first
      ? extra
      : async (event, tx) => {
          const afters = [await first(event, tx), await extra(event, tx)].filter((a): a is AfterCommit => typeof a === "function");
          if (afters.length === 0) return;
          return async () => {
            for (const after of afters) await after();
          };
        };
  }
  return combined;
}

export { deleteExpiredDonorAccess, donorAccessOf, eraseDonorAccess } from "./sign-in.server.ts";
