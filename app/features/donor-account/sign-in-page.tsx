/**
 * The sign-in link a donor got by email (/manage-giving/sign-in/:token). Opening it shows a
 * button; pressing it uses the link up and starts the donor's session. (Mail scanners open
 * links: a plain visit must not use one up.)
 */
import { data, Form, redirect } from "react-router";
import { buttonClasses } from "../../components/ui/button.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { DONOR_SESSION_MS, donorCookie, signInLinkValid, signInWithLink } from "./sign-in.server.ts";
import type { Route } from "./+types/sign-in-page";

// The site-wide Referrer-Policy (strict-origin-when-cross-origin) already keeps the token out of other sites' logs.
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ params }: Route.LoaderArgs) {
  const valid = await signInLinkValid(params.token);
  return data({ valid }, { status: valid ? 200 : 404, headers: PRIVATE });
}

export async function action({ params, context }: Route.ActionArgs) {
  const { secure } = context.get(requestInfoContext);
  const session = await signInWithLink(params.token);
  if (!session) return data({ valid: false }, { status: 404, headers: PRIVATE });
  return redirect("/manage-giving", {
    status: 303,
    headers: { ...PRIVATE, "Set-Cookie": donorCookie(session.token, { secure, maxAgeMs: DONOR_SESSION_MS }) },
  });
}

export function headers() {
  return PRIVATE;
}

export const meta: Route.MetaFunction = () => [{ title: "Sign in to manage your giving | Millbrook Community Foundation" }, { name: "robots", content: "noindex" }];

export default function DonorSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const valid = (actionData ?? loaderData).valid;
  return (
    <div className="bg-linear-to-b from-brand-50 to-white px-4 pt-32 pb-24 sm:pt-36">
      <div className="mx-auto max-w-2xl rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-10">
        <h1 className="font-display text-4xl font-semibold text-brand-900">Manage my giving</h1>
        {valid ? (
          <>
            <p className="mt-4 text-lg text-slate-700">Press the button to sign in. You stay signed in for up to an hour on this device.</p>
            {/* A whole new page after signing in: the session cookie and the page start together. */}
            <Form method="post" reloadDocument className="mt-6">
              <button type="submit" className={buttonClasses("primary", "lg")}>
                Sign in to my giving
              </button>
            </Form>
          </>
        ) : (
          <>
            <p className="mt-4 text-lg text-slate-700" data-testid="link-refused">
              This sign-in link does not work: it has been used, it is more than 30 minutes old, or a newer link replaced it.
            </p>
            <a href="/manage-giving" className={`mt-6 ${buttonClasses("primary", "md")}`}>
              Ask for a new link
            </a>
          </>
        )}
      </div>
    </div>
  );
}
