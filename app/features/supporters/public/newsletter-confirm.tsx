/**
 * The link in the signup's confirmation email. Opening it shows a button; pressing it
 * subscribes (mail scanners that open links do not press buttons).
 */
import { data } from "react-router";
import { confirmSignup, pendingSignup } from "../subscriptions.server.ts";
import type { Route } from "./+types/newsletter-confirm";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ params }: Route.LoaderArgs) {
  const pending = await pendingSignup(params.token);
  return data({ pending: pending ? { email: pending.email } : null }, { status: pending ? 200 : 404, headers: NO_STORE });
}

export async function action({ params }: Route.ActionArgs) {
  const result = await confirmSignup(params.token);
  return data(result.ok ? { confirmed: true, preferences: `/newsletter/preferences/${result.preferencesToken}` } : { confirmed: false, preferences: null }, {
    status: result.ok ? 200 : 404,
    headers: NO_STORE,
  });
}

export function headers() {
  return NO_STORE;
}

export const meta = () => [{ title: "Confirm your subscription | Millbrook Community Foundation" }, { name: "robots", content: "noindex" }];

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="bg-linear-to-b from-brand-50 to-white px-4 pt-36 pb-24">
      <div className="mx-auto max-w-2xl rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-10" data-testid="confirm-page">
        {actionData?.confirmed ? (
          <>
            <h1 className="font-display text-4xl font-semibold text-brand-900">You are subscribed</h1>
            <p className="mt-4 text-lg">Thank you. Our news will come to you by email. Every email has a link to unsubscribe.</p>
            <a href={actionData.preferences ?? "/newsletter"} className="mt-4 inline-block font-semibold text-brand-700 underline">
              Your email preferences
            </a>
          </>
        ) : loaderData.pending && !actionData ? (
          <>
            <h1 className="font-display text-4xl font-semibold text-brand-900">Confirm your subscription</h1>
            <p className="mt-4 text-lg">
              Get the foundation's news by email at <strong className="break-all">{loaderData.pending.email}</strong>?
            </p>
            <form method="post" className="mt-6">
              <button type="submit" className="rounded-full bg-brand-600 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-700">
                Yes, subscribe me
              </button>
            </form>
          </>
        ) : (
          <>
            <h1 className="font-display text-4xl font-semibold text-brand-900">This link has expired</h1>
            <p className="mt-4 text-lg text-slate-700">
              It was used already or is more than 7 days old. You can{" "}
              <a href="/newsletter" className="font-semibold text-brand-700 underline">
                sign up again
              </a>
              .
            </p>
          </>
        )}
      </div>
    </div>
  );
}
