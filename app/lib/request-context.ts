/**
 * Per-request values handed from the HTTP server (server/app.ts) to React Router.
 *
 * The server entry runs this file natively while the route bundle carries its own
 * copy, so the context object is kept on globalThis: both copies must share one key.
 */
import { createContext, type RouterContext } from "react-router";

export interface RequestInfo {
  /** Client address as seen by the server (proxy-aware when TRUST_PROXY is set). */
  ip: string;
  /** Unused: pages allow their inline scripts by hash (app/lib/content-security-policy.server.ts). */
  nonce?: string;
  /** True when the request arrived over HTTPS. */
  secure: boolean;
}

const KEY = Symbol.for("millbrook.requestInfoContext");
const holder = globalThis as { [KEY]?: RouterContext<RequestInfo> };

export const requestInfoContext: RouterContext<RequestInfo> = (holder[KEY] ??= createContext<RequestInfo>({
  ip: "unknown",
  secure: false,
}));
