/**
 * POST /admin/passkey-options: WebAuthn options (with a new single-use challenge) for a
 * signed-in staff member. `purpose`:
 * - "register": creating a passkey (My account). An account that already has a second
 *   factor must have confirmed it is them in the last 10 minutes: the answer is then
 *   `{ reauth }`, the address to confirm at, and the page goes there;
 * - "reauth": confirming it's them with one of their passkeys.
 * Answers JSON `{ options }`; the page then posts the browser's answer to its own action.
 * Limited per address (429 with `{ error }` beyond it).
 */
import { currentStaff } from "../../../auth/guards.server.ts";
import { passkeyAuthenticationOptions, passkeyOptionsLimit, passkeyRegistrationOptions, TOO_MANY_PASSKEY_REQUESTS } from "../../../auth/passkeys.server.ts";
import { requestInfoContext } from "../../../lib/request-context.ts";
import { isRecentlyVerified, reauthUrlFor } from "../../../auth/reauth.server.ts";
import { hasSecondFactor } from "../../../auth/two-factor.server.ts";
import type { Route } from "./+types/passkey-options";

export const ACCOUNT_PASSKEYS_PATH = "/admin/account/passkeys";

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: Route.ActionArgs) {
  const staff = currentStaff(args);
  const wait = await passkeyOptionsLimit(args.context.get(requestInfoContext).ip);
  if (wait > 0) return Response.json({ error: TOO_MANY_PASSKEY_REQUESTS }, { status: 429, headers: { "Retry-After": String(wait) } });
  const form = await args.request.formData();
  const purpose = String(form.get("purpose") ?? "");
  if (purpose === "register") {
    if ((await hasSecondFactor(staff.user.id)) && !isRecentlyVerified(staff)) {
      return Response.json({ reauth: reauthUrlFor(ACCOUNT_PASSKEYS_PATH) });
    }
    const owner = { userId: staff.user.id, email: staff.user.email, sessionId: staff.sessionId };
    return Response.json({ options: await passkeyRegistrationOptions(owner, args.request) });
  }
  if (purpose === "reauth") {
    const options = await passkeyAuthenticationOptions({ purpose, sessionId: staff.sessionId, userId: staff.user.id }, args.request);
    return Response.json({ options });
  }
  return Response.json({ error: "Unknown purpose." }, { status: 400 });
}
