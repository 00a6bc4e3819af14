/**
 * A public form post as React Router hands it to a route's action (a fresh visitor
 * address each time, so the per-address limit never interferes), and the parts of the
 * `data()` answer tests read.
 */
import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "../../app/lib/request-context.ts";

export function publicPost(path: string, fields: Record<string, string | string[]>) {
  const fd = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) fd.append(key, v);
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: `198.51.100.${Math.floor(Math.random() * 200) + 1}`, nonce: "", secure: false });
  const request = new Request(`http://localhost${path}`, { method: "POST", body: fd });
  return { request, context, params: {} } as never;
}

export const statusOf = (result: unknown) => (result as { init: ResponseInit | null }).init?.status ?? 200;
export const dataOf = (result: unknown) => (result as { data: Record<string, unknown> }).data;
