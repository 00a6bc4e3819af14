/**
 * A submission's uploaded file, for staff only (the admin layout's middleware and the
 * check below both require a staff session; anonymous requests go to sign-in). Streamed
 * from the private store, never from a public URL. Images may be shown inline; anything
 * else (PDF) is always a download. The sandbox CSP and nosniff keep a hostile file inert.
 */
import { data } from "react-router";
import { getSubmissionFile } from "../inbox.server.ts";
import { isImageType, PDF_TYPE } from "../../../storage/file-types.ts";
import type { Route } from "./+types/submission-file";

/** A Content-Disposition value with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(type: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function loader(args: Route.LoaderArgs) {
  const index = Number(args.params.index);
  const file = await getSubmissionFile(args.params.id, /^\d+$/.test(args.params.index) ? index : -1);
  if (!file) throw data(null, { status: 404, statusText: "Not Found" });
  const download = new URL(args.request.url).searchParams.has("download");
  const inline = isImageType(file.type) && !download;
  return new Response(file.body, {
    headers: {
      "Content-Type": isImageType(file.type) || file.type === PDF_TYPE ? file.type : "application/octet-stream",
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", file.name),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      "Cache-Control": "private, no-store",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
