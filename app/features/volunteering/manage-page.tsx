/**
 * A volunteer's manage page (/volunteer/manage/:token): the shifts signed up for with this
 * link, each cancellable until it starts. The link shows nothing about anyone else, and
 * stops working after the last of its shifts. Never cached, never indexed.
 */
import type { QueryHandle } from "../../lib/page-query.ts";
import { data, Form, redirect } from "react-router";
import { formatLongDate, formatTime } from "../../components/site/format.ts";
import { Section } from "../../components/site/page-hero.tsx";
import { buttonClasses } from "../../components/ui/button.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { mailConfigured } from "../../mail/mailer.server.ts";
import { CheckIcon } from "../../components/site/icons.tsx";
import { readFormData } from "./read-form.server.ts";
import { cancelByToken, signupsByToken } from "./signups.server.ts";
import type { Route } from "./+types/manage-page";

// The site-wide Referrer-Policy (strict-origin-when-cross-origin) already keeps the token out of other sites' logs.
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ params, request }: Route.LoaderArgs) {
  const found = await signupsByToken(params.token);
  if (!found) throw data("This link has expired or is not valid.", { status: 404, headers: PRIVATE });
  // Just signed up (the Volunteer page redirects here): say what happens next, and whether
  // an email is coming at all.
  const url = new URL(request.url);
  const welcome = url.searchParams.has("welcome");
  const cancelled = url.searchParams.has("cancelled");
  return data({ ...found, welcome, cancelled, mailed: mailConfigured() }, { headers: PRIVATE });
}

export async function action({ params, request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const id = Number(form.get("signup"));
  const ok = Number.isInteger(id) && id > 0 && (await cancelByToken(params.token, id));
  if (ok) {
    publishChange("volunteering");
    // Post, then redirect: a refresh of the page keeps the message and never posts again.
    return redirect(`/volunteer/manage/${params.token}?cancelled=1`, { status: 303, headers: PRIVATE });
  }
  const found = await signupsByToken(params.token);
  if (!found) throw data("This link has expired or is not valid.", { status: 404, headers: PRIVATE });
  return data({ ok: false, message: "That shift could not be cancelled: it has started or was already cancelled." }, { status: 409, headers: PRIVATE });
}

export function headers() {
  return PRIVATE;
}

/** Places change with every sign-up: an open page refreshes (it is never cached). */
export const handle: QueryHandle = { query: ["welcome", "cancelled"] };

export const meta: Route.MetaFunction = () => [{ title: "Your volunteering shifts | Millbrook Community Foundation" }, { name: "robots", content: "noindex" }];

export default function ManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { name, shifts, welcome, cancelled, mailed } = loaderData;
  const notice = actionData ?? (cancelled ? { ok: true, message: "Your shift is cancelled. Thank you for letting us know." } : null);
  return (
    <div className="pt-24 sm:pt-28">
      <Section tone="white" eyebrow="Volunteering" title="Your shifts">
        <div className="max-w-3xl">
          {welcome && !notice ? (
            <div id="signup-result" role="status" className="mb-6 scroll-mt-24 rounded-3xl border border-brand-200 bg-brand-50 p-5 wrap-anywhere sm:p-8">
              <div className="flex items-start gap-3 sm:gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white sm:size-12">
                  <CheckIcon className="size-5 sm:size-6" />
                </span>
                <div className="min-w-0">
                  <h2 className="font-display text-2xl font-semibold text-brand-900">Thank you, {name}: you are signed up</h2>
                  <p className="mt-2 text-slate-700">
                    {mailed
                      ? "We are sending you a confirmation with your shifts, a calendar file and the link to this page, and a reminder 48 hours before each shift."
                      : "We cannot send emails at the moment, so no confirmation will arrive. Bookmark this page or copy its address: it is the only way to see or cancel your shifts."}
                  </p>
                  <p className="mt-2 text-sm text-slate-600">The address of this page is your own link: keep it to yourself.</p>
                </div>
              </div>
            </div>
          ) : null}
          <p className="text-lg text-slate-700">Hello {name}. These are the shifts you signed up for with this link.</p>
          {notice ? (
            <p role="status" className={`mt-4 rounded-2xl p-4 ${notice.ok ? "bg-brand-50 text-brand-900 ring-1 ring-brand-200" : "bg-red-50 text-red-900 ring-1 ring-red-200"}`}>
              {notice.message}
            </p>
          ) : null}
          <ul className="mt-6 space-y-4" data-testid="my-shifts">
            {shifts.map((s) => (
              <li key={s.signupId} className="rounded-3xl bg-brand-50 p-5 ring-1 ring-brand-100 sm:p-6">
                <p className="text-sm font-bold tracking-[0.14em] text-brand-700 uppercase">{s.role}</p>
                <h3 className="mt-1 font-display text-xl font-semibold text-brand-900">{s.opportunity}</h3>
                <p className="mt-1 text-slate-700">
                  {formatLongDate(s.date)}, {formatTime(s.start_time)} to {formatTime(s.end_time)} · {s.location}
                </p>
                {s.status === "cancelled" ? (
                  <p className="mt-3 font-semibold text-slate-700">Cancelled</p>
                ) : s.cancellable ? (
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="signup" value={s.signupId} />
                    <button type="submit" className={buttonClasses("secondary", "md")}>
                      Cancel this shift
                    </button>
                  </Form>
                ) : (
                  <p className="mt-3 text-slate-700">This shift has started.</p>
                )}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-slate-600">
            Want another shift? <a href="/volunteer" className="font-semibold text-brand-700 underline">See the open shifts</a>.
          </p>
        </div>
      </Section>
    </div>
  );
}
