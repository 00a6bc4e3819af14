/**
 * The List-Unsubscribe address of every newsletter (RFC 8058): a POST with
 * "List-Unsubscribe=One-Click" unsubscribes at once, with no session and no page (mail
 * providers send it; it is exempt from the cross-site check, the token is the key).
 * Opening the address in a browser leads to the preferences page.
 */
import { redirect } from "react-router";
import { readForm, FORM_LIMITS } from "../../../storage/upload.server.ts";
import { unsubscribeByToken } from "../subscriptions.server.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/newsletter/preferences/${encodeURIComponent(params.token)}`);
}

export async function action({ params, request }: Route.ActionArgs) {
  const read = await readForm(request, { ...FORM_LIMITS.publicForm, maxFileSize: 1024, maxTotalSize: 1024 });
  if (!read.ok || read.formData.get("List-Unsubscribe") !== "One-Click") {
    return new Response("Send List-Unsubscribe=One-Click to unsubscribe.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const done = await unsubscribeByToken(params.token, "One-click unsubscribe from an email (List-Unsubscribe)");
  return new Response(done ? "Unsubscribed." : "Unknown link.", { status: done ? 200 : 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
