/**
 * "Manage my giving" (/manage-giving). Signed out: the donor asks for a sign-in link by
 * email (the answer is the same for every address). Signed in (the donor's own short
 * session cookie): their gifts with a PDF receipt each, the giving statement of each tax
 * year, their Gift Aid declarations, their monthly gifts and their email preferences.
 * Every answer is private and never stored by the page cache; the page works without JavaScript.
 */
import { data, Form, redirect } from "react-router";
import { buttonClasses } from "../../components/ui/button.ts";
import { siteOrigin } from "../../lib/config.server.ts";
import type { QueryHandle } from "../../lib/page-query.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { readFormData } from "./read-form.server.ts";
import { donorAction, donorView, NOTICES, type DonorView, type NoticeKey } from "./manage.server.ts";
import { clearDonorCookie, currentDonor, requestSignInLink, signOutDonor } from "./sign-in.server.ts";
import type { Route } from "./+types/manage-page";
import { formatPence } from "../../lib/money.ts";
import { refusedForm } from "../../lib/form-submission.ts";
import type { IntentReply } from "../../lib/form-reply.ts";
import { readReply } from "../../components/site/form-kit.tsx";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { secure } = context.get(requestInfoContext);
  const donor = await currentDonor(request, secure);
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  const notice = done && done in NOTICES ? NOTICES[done as NoticeKey] : url.searchParams.get("back") === "payment-details" ? "Welcome back. Any change you made to your payment details applies from your next payment." : null;
  return data({ view: donor ? await donorView(donor) : null, notice, expired: !donor && url.searchParams.has("signed-out") }, { headers: PRIVATE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { secure, ip } = context.get(requestInfoContext);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const origin = siteOrigin().replace(/\/+$/, "");
  if (intent === "sign-in-link") {
    const email = form.get("email");
    const result = await requestSignInLink({ email, ip, origin });
    const typed = typeof email === "string" ? email.trim().slice(0, 254) : "";
    if (result.ok) return data({ sent: typed }, { headers: PRIVATE });
    const status = result.reason === "limited" ? 429 : result.reason === "no-mail" ? 503 : 400;
    const headers: Record<string, string> = { ...PRIVATE };
    if (result.reason === "limited") headers["Retry-After"] = String(result.retryAfterS);
    return data<IntentReply>({ intent: "sign-in-link", reply: refusedForm({ _form: result.message }, { email: typed }) }, { status, headers });
  }
  if (intent === "sign-out") {
    await signOutDonor(request, secure);
    return redirect("/manage-giving?signed-out=1", { status: 303, headers: { ...PRIVATE, "Set-Cookie": clearDonorCookie({ secure }) } });
  }
  const donor = await currentDonor(request, secure);
  if (!donor) return data<IntentReply>({ intent: "sign-in-link", reply: refusedForm({ _form: "Your sign-in has ended. Ask for a new link below: nothing was changed." }) }, { status: 401, headers: PRIVATE });
  const outcome = await donorAction(donor, form, origin);
  if (outcome.kind === "done") return redirect(`/manage-giving?done=${outcome.notice}`, { status: 303, headers: PRIVATE });
  if (outcome.kind === "redirect") return redirect(outcome.url, { status: 303, headers: PRIVATE });
  // A refusal answers Conform's reply; a declaration's names its form (`declaration-<id>`).
  const refused = refusedForm({ _form: outcome.message, ...outcome.errors }, outcome.values);
  return data<IntentReply>({ intent: outcome.declarationId ? `declaration-${outcome.declarationId}` : String(intent ?? ""), reply: refused }, { status: outcome.status, headers: PRIVATE });
}

export function headers() {
  return PRIVATE;
}

export const handle: QueryHandle = { query: ["done", "back", "signed-out"] };

export const meta: Route.MetaFunction = () => [{ title: "Manage my giving | Millbrook Community Foundation" }, { name: "robots", content: "noindex" }];

const control = "mt-1 block w-full rounded-xl border border-slate-400 bg-white px-3.5 py-2.5 text-base text-ink";
const card = "rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8";

export default function ManageGiving({ loaderData, actionData }: Route.ComponentProps) {
  const { view, notice, expired } = loaderData;
  const refused = actionData && "reply" in actionData ? actionData : null;
  return (
    <div className="bg-linear-to-b from-brand-50 to-white px-4 pt-32 pb-24 sm:pt-36">
      <div className="mx-auto max-w-4xl">
        <p className="text-sm font-bold tracking-[0.14em] text-brand-700 uppercase">Your giving</p>
        <h1 className="mt-2 font-display text-4xl font-semibold text-brand-900 sm:text-5xl">Manage my giving</h1>
        {view ? (
          <SignedIn view={view} notice={notice} refused={refused} />
        ) : (
          <SignedOut sent={actionData && "sent" in actionData ? actionData.sent : null} refused={refused} expired={expired} />
        )}
      </div>
    </div>
  );
}

function SignedOut({ sent, refused, expired }: { sent: string | null; refused: Refused; expired: boolean }) {
  const { errors, text } = readReply(refused?.reply);
  const answer = sent !== null || refused ? { sent, message: errors._form ?? null, email: text("email") } : null;
  return (
    <div className={`mt-6 max-w-2xl ${card}`}>
      {expired && !answer ? (
        <p role="status" className="mb-5 rounded-2xl bg-brand-50 p-4 text-brand-900 ring-1 ring-brand-200">
          You are signed out.
        </p>
      ) : null}
      {answer?.sent ? (
        <div role="status" className="rounded-2xl bg-sun-100 p-4 sm:p-5" data-testid="link-answer">
          <h2 className="font-display text-2xl font-semibold text-brand-900">Check your email</h2>
          <p className="mt-2 text-slate-800">
            If <strong className="break-all">{answer.sent}</strong> is an address you have given with, we have sent it a link to sign in. The link works once, for 30
            minutes.
          </p>
          <p className="mt-2 text-sm text-slate-700">Nothing arrived after a few minutes? Check your spam folder, or ask again below.</p>
        </div>
      ) : (
        <p className="text-lg text-slate-700">
          See your gifts and receipts, your yearly giving statement and your Gift Aid declarations, and change or pause your monthly gift. There is no password: we
          email you a link to sign in.
        </p>
      )}
      {answer?.message ? (
        <p role="alert" className="mt-4 rounded-2xl bg-red-50 p-4 font-semibold text-red-900 ring-1 ring-red-200">
          {answer.message}
        </p>
      ) : null}
      <Form method="post" className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="sign-in-link" />
        <label className="block grow font-semibold" htmlFor="donor-email">
          Your email address
          <input id="donor-email" type="email" name="email" required maxLength={254} autoComplete="email" defaultValue={answer?.email ?? ""} className={control} />
        </label>
        <button type="submit" className={buttonClasses("primary", "md", "shrink-0")}>
          Email me a sign-in link
        </button>
      </Form>
      <p className="mt-5 text-sm text-slate-600">Use the address you gave when you donated. We only send a link to addresses we have gifts from.</p>
    </div>
  );
}

/** A refused form: which one (`intent`) and Conform's reply. */
type Refused = IntentReply | null;

function SignedIn({ view, notice, refused }: { view: DonorView; notice: string | null; refused: Refused }) {
  const running = view.monthly.filter((m) => !m.ended);
  const ended = view.monthly.filter((m) => m.ended);
  return (
    <>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-slate-700">
        <p>
          Signed in as <strong className="break-all">{view.email}</strong>
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out" />
          <button type="submit" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
            Sign out
          </button>
        </Form>
      </div>
      {notice ? (
        <p role="status" className="mt-5 rounded-2xl bg-brand-50 p-4 font-semibold text-brand-900 ring-1 ring-brand-200" data-testid="donor-notice">
          {notice}
        </p>
      ) : null}
      {refused ? (
        <p role="alert" className="mt-5 rounded-2xl bg-red-50 p-4 font-semibold text-red-900 ring-1 ring-red-200" data-testid="donor-error">
          {readReply(refused.reply).errors._form}
        </p>
      ) : null}

      <nav aria-label="On this page" className="mt-6 flex flex-wrap gap-2 text-sm">
        {[
          ["#monthly", "Monthly gifts"],
          ["#gifts", "Gifts and receipts"],
          ["#statements", "Yearly statements"],
          ["#gift-aid", "Gift Aid"],
          ["#emails", "Emails"],
        ].map(([href, label]) => (
          <a key={href} href={href} className="rounded-full bg-white px-3.5 py-1.5 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50">
            {label}
          </a>
        ))}
      </nav>

      <section id="monthly" aria-labelledby="monthly-heading" className="mt-10 scroll-mt-24">
        <h2 id="monthly-heading" className="font-display text-3xl font-semibold text-brand-900">
          Monthly gifts
        </h2>
        {running.length === 0 ? (
          <p className="mt-3 text-slate-700">
            You have no monthly gift running.{" "}
            <a href="/support#donate" className="font-semibold text-brand-700 underline">
              Start one
            </a>
            .
          </p>
        ) : (
          <div className="mt-4 space-y-5">
            {running.map((gift) => (
              <MonthlyCard key={gift.id} gift={gift} onlineGiving={view.onlineGiving} />
            ))}
          </div>
        )}
        {ended.length > 0 ? (
          <ul className="mt-4 space-y-1 text-sm text-slate-600">
            {ended.map((gift) => (
              <li key={gift.id}>
                {gift.amount} a month ({gift.reference}), {gift.started} to {gift.ended}: stopped.
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section id="gifts" aria-labelledby="gifts-heading" className="mt-12 scroll-mt-24">
        <h2 id="gifts-heading" className="font-display text-3xl font-semibold text-brand-900">
          Gifts and receipts
        </h2>
        {view.gifts.length === 0 ? (
          <p className="mt-3 text-slate-700">No gifts yet under this address.</p>
        ) : (
          <ul className={`mt-4 divide-y divide-slate-200 ${card} py-1 sm:py-2`} data-testid="donor-gifts">
            {view.gifts.map((gift) => (
              <li key={gift.reference} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-4">
                <div className="min-w-0">
                  <p className="font-semibold text-ink">
                    <span className="font-display text-xl text-brand-900">{gift.amount}</span> {gift.monthly ? "monthly gift" : "gift"} on {gift.date}
                  </p>
                  <p className="text-sm text-slate-600">
                    {gift.cause} · {gift.reference}
                    {gift.giftAided ? " · Gift Aided" : ""}
                  </p>
                </div>
                {gift.refunded ? (
                  <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-700">Refunded</span>
                ) : (
                  <a href={`/manage-giving/receipts/${encodeURIComponent(gift.reference)}`} className={buttonClasses("secondary", "sm")} download>
                    Receipt (PDF)<span className="sr-only"> for {gift.reference}</span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id="statements" aria-labelledby="statements-heading" className="mt-12 scroll-mt-24">
        <h2 id="statements-heading" className="font-display text-3xl font-semibold text-brand-900">
          Yearly giving statements
        </h2>
        <p className="mt-2 max-w-2xl text-slate-700">
          One statement per UK tax year (6 April to 5 April): every gift, which were Gift Aided, and the total. If you pay tax at a higher rate, you can use it to claim
          the extra relief on your tax return.
        </p>
        {view.taxYears.length === 0 ? (
          <p className="mt-3 text-slate-700">No statements yet.</p>
        ) : (
          <ul className="mt-4 flex flex-wrap gap-3">
            {view.taxYears.map((y) => (
              <li key={y.year}>
                <a href={`/manage-giving/statement/${y.year}`} className={buttonClasses("secondary", "sm")} download>
                  Statement {y.label} (PDF)
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id="gift-aid" aria-labelledby="gift-aid-heading" className="mt-12 scroll-mt-24">
        <h2 id="gift-aid-heading" className="font-display text-3xl font-semibold text-brand-900">
          Gift Aid declarations
        </h2>
        {view.declarations.length === 0 ? (
          <p className="mt-3 text-slate-700">You have not made a Gift Aid declaration with us. You can make one with your next gift.</p>
        ) : (
          <div className="mt-4 space-y-4">
            {view.declarations.map((d) => (
              <DeclarationCard key={d.id} declaration={d} refused={refused?.intent === `declaration-${d.id}` ? refused : null} />
            ))}
          </div>
        )}
      </section>

      <section id="emails" aria-labelledby="emails-heading" className="mt-12 scroll-mt-24">
        <h2 id="emails-heading" className="font-display text-3xl font-semibold text-brand-900">
          Emails from us
        </h2>
        <p className="mt-3 text-slate-700">
          {view.preferences ? (
            <>
              Choose whether we send you our news:{" "}
              <a href={view.preferences} className="font-semibold text-brand-700 underline">
                your email preferences
              </a>
              . Receipts for your gifts are always sent.
            </>
          ) : (
            <>
              We do not send you our news. To get it,{" "}
              <a href="/newsletter" className="font-semibold text-brand-700 underline">
                sign up to our newsletter
              </a>
              .
            </>
          )}
        </p>
      </section>
    </>
  );
}

function MonthlyCard({ gift, onlineGiving }: { gift: DonorView["monthly"][number]; onlineGiving: boolean }) {
  const pounds = formatPence(gift.amountPence).replace("£", "").replaceAll(",", "");
  return (
    <article className={card} aria-labelledby={`gift-${gift.id}`} data-testid="monthly-gift">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={`gift-${gift.id}`} className="font-display text-2xl font-semibold text-brand-900">
          {gift.amount} a month
        </h3>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${gift.pausedUntil ? "bg-sun-100 text-ink" : "bg-brand-100 text-brand-900"}`} data-testid="monthly-status">
          {gift.pausedUntil ? `Paused until ${gift.pausedUntil}` : "Active"}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {gift.cause} · since {gift.started} · {gift.reference}
      </p>
      {!onlineGiving ? (
        <p className="mt-4 text-slate-700">Online giving is switched off just now, so this gift cannot be changed here. Please email us.</p>
      ) : (
        <div className="mt-5 grid gap-6 md:grid-cols-2">
          {/* Keyed by the amount: after a change the field shows the new amount, not what was typed. */}
          <Form method="post" className="space-y-2" key={`amount-${gift.amountPence}-${gift.pausedUntil ?? ""}`}>
            <input type="hidden" name="intent" value="amount" />
            <input type="hidden" name="gift" value={gift.id} />
            <label htmlFor={`amount-${gift.id}`} className="block font-semibold">
              Change the amount
            </label>
            <div className="flex gap-2">
              <div className="relative grow">
                <span className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-slate-600" aria-hidden="true">
                  £
                </span>
                <input id={`amount-${gift.id}`} name="amount" inputMode="decimal" defaultValue={pounds} required maxLength={12} className={`${control} mt-0 pl-7`} />
              </div>
              <button type="submit" className={buttonClasses("primary", "md", "shrink-0")}>
                Change
              </button>
            </div>
            <p className="text-sm text-slate-600">From your next payment. In pounds, for example 15 or 12.50.</p>
          </Form>
          {gift.pausedUntil ? (
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="resume" />
              <input type="hidden" name="gift" value={gift.id} />
              <p className="font-semibold">Paused</p>
              <p className="text-sm text-slate-600">No payments until {gift.pausedUntil}. Resume now to give from your next payment date.</p>
              <button type="submit" className={buttonClasses("secondary", "md")}>
                Resume my monthly gift
              </button>
            </Form>
          ) : (
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="pause" />
              <input type="hidden" name="gift" value={gift.id} />
              <label htmlFor={`months-${gift.id}`} className="block font-semibold">
                Take a break
              </label>
              <div className="flex gap-2">
                <select id={`months-${gift.id}`} name="months" defaultValue="1" className={`${control} mt-0 grow`}>
                  <option value="1">For 1 month</option>
                  <option value="2">For 2 months</option>
                  <option value="3">For 3 months</option>
                </select>
                <button type="submit" className={buttonClasses("secondary", "md", "shrink-0")}>
                  Pause
                </button>
              </div>
              <p className="text-sm text-slate-600">No payments are taken while it is paused; it starts again by itself.</p>
            </Form>
          )}
        </div>
      )}
      {onlineGiving ? (
        <div className="mt-6 flex flex-wrap items-start gap-x-6 gap-y-4 border-t border-slate-200 pt-5">
          <Form method="post" reloadDocument>
            <input type="hidden" name="intent" value="payment-details" />
            <input type="hidden" name="gift" value={gift.id} />
            <button type="submit" className={buttonClasses("secondary", "sm")}>
              Update card or bank details
            </button>
          </Form>
          <details className="group min-w-0">
            <summary className="cursor-pointer py-2 font-semibold text-red-800 underline underline-offset-4">Stop my monthly gift</summary>
            <Form method="post" className="mt-3 rounded-2xl bg-red-50 p-4 ring-1 ring-red-200">
              <input type="hidden" name="intent" value="stop" />
              <input type="hidden" name="gift" value={gift.id} />
              <p className="text-red-950">No further payments will be taken. You can always start a new monthly gift later.</p>
              <button type="submit" className="mt-3 rounded-full bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800">
                Yes, stop it
              </button>
            </Form>
          </details>
        </div>
      ) : null}
    </article>
  );
}

function DeclarationCard({ declaration: d, refused }: { declaration: DonorView["declarations"][number]; refused: Refused }) {
  const reply = readReply(refused?.reply);
  const stored: Record<string, string> = { title: d.title, firstName: d.firstName, lastName: d.lastName, house: d.house, postcode: d.postcode };
  const values = refused ? Object.fromEntries(Object.keys(stored).map((name) => [name, reply.text(name)])) : stored;
  const errors = reply.errors;
  const field = (name: string, label: string, props: { autoComplete: string; maxLength: number; className?: string }) => (
    <label className={`block font-semibold ${props.className ?? ""}`}>
      {label}
      <input
        name={name}
        defaultValue={values[name] ?? ""}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        aria-invalid={errors[name] ? true : undefined}
        className={control}
      />
      {errors[name] ? <span className="mt-1 block text-sm font-semibold text-red-800">{errors[name]}</span> : null}
    </label>
  );
  return (
    <article className={card} data-testid="declaration">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-ink">
          {[d.title, d.firstName, d.lastName].filter(Boolean).join(" ")}, {d.house}, {d.postcode}
        </h3>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${d.cancelled ? "bg-slate-100 text-slate-700" : "bg-brand-100 text-brand-900"}`}>
          {d.cancelled ? `Ended ${d.cancelled}` : "In use"}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">Made on {d.made}</p>
      {d.cancelled ? null : (
        <div className="mt-4 flex flex-col gap-3">
          <details className="group" open={Boolean(refused)}>
            <summary className="cursor-pointer font-semibold text-brand-700 underline underline-offset-4">Update my name or home address</summary>
            <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-6">
              <input type="hidden" name="intent" value="update-declaration" />
              <input type="hidden" name="declaration" value={d.id} />
              {field("title", "Title", { autoComplete: "honorific-prefix", maxLength: 4, className: "sm:col-span-1" })}
              {field("firstName", "First name", { autoComplete: "given-name", maxLength: 35, className: "sm:col-span-2" })}
              {field("lastName", "Last name", { autoComplete: "family-name", maxLength: 35, className: "sm:col-span-3" })}
              {field("house", "House name or number", { autoComplete: "address-line1", maxLength: 40, className: "sm:col-span-4" })}
              {field("postcode", "Postcode", { autoComplete: "postal-code", maxLength: 10, className: "sm:col-span-2" })}
              <p className="text-sm text-slate-600 sm:col-span-6">This makes a new declaration with your new details; the old one ends today.</p>
              <div className="sm:col-span-6">
                <button type="submit" className={buttonClasses("primary", "md")}>
                  Save my new details
                </button>
              </div>
            </Form>
          </details>
          <details className="group">
            <summary className="cursor-pointer font-semibold text-red-800 underline underline-offset-4">Cancel this declaration</summary>
            <Form method="post" className="mt-3 rounded-2xl bg-red-50 p-4 ring-1 ring-red-200">
              <input type="hidden" name="intent" value="cancel-declaration" />
              <input type="hidden" name="declaration" value={d.id} />
              <p className="text-red-950">We will not claim Gift Aid on gifts you make from today. Gifts you made before stay Gift Aided.</p>
              <button type="submit" className="mt-3 rounded-full bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800">
                Yes, cancel it
              </button>
            </Form>
          </details>
        </div>
      )}
    </article>
  );
}
