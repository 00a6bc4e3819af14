/**
 * Everything held about one email address as a JSON download (administrators only;
 * audited). The address is posted in the body (the Export button's form), never put in
 * a URL, where it would stay in browser history and server logs.
 */
import { data } from "react-router";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { emailHash, findPersonalData, personalDataExport } from "../../../domain/data-protection/retention.server.ts";
import { EmailLookupSchema } from "../../../domain/data-protection/retention.schema.ts";
import { getRequest } from "../../../features/data-protection/index.ts";
import type { Route } from "./+types/data-protection-export";

export async function action(args: Route.ActionArgs) {
  // Donor and payment data: the password or a code checked in the last 10 minutes.
  await requireRecentAuth(args, currentStaff(args));
  const form = await args.request.formData();
  const email = EmailLookupSchema.safeParse(form.get("email") ?? "");
  if (!email.success) throw data("Please give a valid email address.", { status: 400 });
  const found = await findPersonalData(email.data);
  // Exported for a logged request (the look-up started from it): the audit entry names it.
  const requestId = form.get("request");
  const request = typeof requestId === "string" && requestId ? await getRequest(requestId) : null;
  await recordAudit(currentActor(args), "personal_data.export", {
    details: {
      submissions: found.submissions.length,
      accounts: found.accounts.length,
      email_sha256: emailHash(email.data),
      ...(request ? { request_id: request.id, request_reference: request.reference } : {}),
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(personalDataExport(found), null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${date}.json"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

/** The export is a POST from the Data protection screen; a GET (an old link) is told so. */
export async function loader() {
  throw data("Use the Download their data button on the Data protection screen.", { status: 405, headers: { Allow: "POST" } });
}
