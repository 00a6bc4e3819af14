/**
 * POST /admin/login/passkey: WebAuthn options (with a new single-use challenge) for the
 * steps before a full session. `purpose`:
 * - "sign-in": a passkey alone (anyone; the browser offers the passkeys it has here);
 * - "verify": the second step of a pending session (that account's passkeys only);
 * - "register": creating a passkey at the enrolment step of a pending session.
 * Answers JSON `{ options }`; the page then posts the browser's answer to its own action.
 * Limited per address (429 with `{ error }` beyond it).
 */
import { passkeyAuthenticationOptions, passkeyOptionsLimit, passkeyRegistrationOptions, TOO_MANY_PASSKEY_REQUESTS } from "../../../auth/passkeys.server.ts";
import { requestInfoContext } from "../../../lib/request-context.ts";
import { requirePendingSession } from "../second-factor-step.server.ts";
import type { Route } from "./+types/login-passkey";

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: Route.ActionArgs) {
  const wait = await passkeyOptionsLimit(args.context.get(requestInfoContext).ip);
  if (wait > 0) return Response.json({ error: TOO_MANY_PASSKEY_REQUESTS }, { status: 429, headers: { "Retry-After": String(wait) } });
  const form = await args.request.formData();
  const purpose = String(form.get("purpose") ?? "");
  if (purpose === "sign-in") {
    return Response.json({ options: await passkeyAuthenticationOptions({ purpose, sessionId: null }, args.request) });
  }
  if (purpose === "verify") {
    const { session } = await requirePendingSession(args, "verify");
    const options = await passkeyAuthenticationOptions({ purpose, sessionId: session.id, userId: session.userId }, args.request);
    return Response.json({ options });
  }
  if (purpose === "register") {
    const { session } = await requirePendingSession(args, "enrol");
    const owner = { userId: session.userId, email: session.email, sessionId: session.id };
    return Response.json({ options: await passkeyRegistrationOptions(owner, args.request) });
  }
  return Response.json({ error: "Unknown purpose." }, { status: 400 });
}
