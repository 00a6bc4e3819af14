/** Email preferences, by the link in every email (no password): unsubscribe, or subscribe again. */
import { data } from "react-router";
import { readForm, FORM_LIMITS } from "../../../storage/upload.server.ts";
import { preferencesFor, resubscribeByToken, unsubscribeByToken } from "../subscriptions.server.ts";
import { RESUBSCRIBE_WORDING } from "../consent.ts";
import type { Route } from "./+types/newsletter-preferences";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ params }: Route.LoaderArgs) {
  const prefs = await preferencesFor(params.token);
  return data({ prefs }, { status: prefs ? 200 : 404, headers: NO_STORE });
}

export async function action({ params, request }: Route.ActionArgs) {
  const read = await readForm(request, { ...FORM_LIMITS.publicForm, maxFileSize: 1024, maxTotalSize: 1024 });
  const intent = read.ok ? read.formData.get("intent") : null;
  const done =
    intent === "subscribe" ? await resubscribeByToken(params.token) : intent === "unsubscribe" ? await unsubscribeByToken(params.token, "Email preferences page") : false;
  return data({ done, intent }, { status: done ? 200 : 404, headers: NO_STORE });
}

export function headers() {
  return NO_STORE;
}

export const meta = () => [{ title: "Email preferences | Millbrook Community Foundation" }, { name: "robots", content: "noindex" }];

export default function NewsletterPreferences({ loaderData, actionData }: Route.ComponentProps) {
  const { prefs } = loaderData;
  const button = "rounded-full px-6 py-3 font-semibold";
  return (
    <div className="bg-linear-to-b from-brand-50 to-white px-4 pt-36 pb-24">
      <div className="mx-auto max-w-2xl rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-10" data-testid="preferences-page">
        <h1 className="font-display text-4xl font-semibold text-brand-900">Email preferences</h1>
        {!prefs ? (
          <p className="mt-4 text-lg text-slate-700">This link does not work any more. If you still get emails from us, use the link in the latest one.</p>
        ) : (
          <>
            {actionData?.done && (
              <p role="status" className="mt-4 rounded-2xl bg-brand-50 p-4 text-lg font-semibold text-brand-900">
                {actionData.intent === "unsubscribe" ? "You are unsubscribed. We will not send you our news." : "You are subscribed again. Thank you."}
              </p>
            )}
            <p className="mt-4 text-lg">
              <strong className="break-all">{prefs.email}</strong>{" "}
              {prefs.subscribed ? "gets the foundation's news by email." : "does not get the foundation's news by email."}
            </p>
            <form method="post" className="mt-6">
              {prefs.subscribed ? (
                <button type="submit" name="intent" value="unsubscribe" className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
                  Unsubscribe
                </button>
              ) : (
                <>
                  <p className="text-slate-700">{RESUBSCRIBE_WORDING}</p>
                  <button type="submit" name="intent" value="subscribe" className={`mt-3 ${button} bg-brand-600 text-white hover:bg-brand-700`}>
                    Subscribe again
                  </button>
                </>
              )}
            </form>
            <p className="mt-6 text-sm text-slate-600">
              Emails about your gifts and bookings (receipts, tickets) are not news: they still come when you give or book.{" "}
              <a href="/privacy" className="font-semibold text-brand-700 underline">
                Privacy notice
              </a>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
