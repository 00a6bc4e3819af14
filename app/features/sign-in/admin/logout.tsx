import { redirect } from "react-router";
import { getSignedInAccount, INACTIVITY_MESSAGE } from "../../../auth/guards.server.ts";
import { signOut } from "../login.server.ts";
import { clearSessionCookie } from "../../../auth/session.server.ts";
import { requestInfoContext } from "../../../lib/request-context.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import type { Route } from "./+types/logout";

/** Sign-out only by POST (a link or an image cannot sign anyone out). */
export function loader() {
  return redirect("/admin/dashboard");
}

export async function action(args: Route.ActionArgs) {
  const { ip, secure } = args.context.get(requestInfoContext);
  const form = await args.request.formData().catch(() => new FormData());
  const reason = form.get("reason") === "inactivity" ? "inactivity" : "manual";
  const session = await getSignedInAccount(args);
  await signOut(session, { ip, reason });
  const headers = { "Set-Cookie": clearSessionCookie({ secure }) };
  return redirectWithToast(
    "/admin/login",
    reason === "inactivity"
      ? { type: "info", message: INACTIVITY_MESSAGE }
      : { type: "success", message: "Signed out successfully" },
    { headers },
  );
}
