/**
 * One newsletter. Before it goes: the preview as it will arrive (HTML at phone and
 * desktop width, and the plain-text part), a test to yourself, the audience with its
 * count, send now or at a set time. Once sent: sent, failed, refused and unsubscribed
 * counts, and publishing it in the public archive.
 */
import { data, Form, Link } from "react-router";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { Card } from "../../../components/admin/kit/card.tsx";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { AUDIENCE_LABELS, describeAudience, type Audience } from "../audience.ts";
import {
  audienceCount,
  bookedEvents,
  deleteDraft,
  eventTitle,
  getNewsletter,
  newsletterCounts,
  previewOf,
  publishNewsletter,
  sendTest,
  startSending,
  unpublishNewsletter,
  unschedule,
} from "../newsletters.server.ts";
import { NEWSLETTER_SEND_FIELDS, NOBODY_TO_SEND_TO, newsletterSendSchema, readAudience } from "../newsletters.schema.ts";
import { parseForm } from "../../../lib/form-submission.ts";
import { replyFor, type IntentReply } from "../../../lib/form-reply.ts";
import { STATUS_LABELS } from "./labels.ts";
import type { Route } from "./+types/newsletter";
import { formatUk } from "../../../lib/uk-time.ts";

export const meta = () => [{ title: "Newsletter | Millbrook Admin" }];

const NOT_FOUND = "That newsletter could not be found.";

export async function loader(args: Route.LoaderArgs) {
  const newsletter = await getNewsletter(Number(args.params.id));
  if (!newsletter) throw await redirectWithToast("/admin/newsletters", { type: "error", message: NOT_FOUND });
  const params = new URL(args.request.url).searchParams;
  const open = newsletter.status === "draft" || newsletter.status === "scheduled";
  const chosen: Audience = (open ? readAudience(params.get("audience"), params.get("event")) : null) ?? newsletter.audience;
  const title = chosen.kind === "booked-event" ? await eventTitle(chosen.eventId) : null;
  return {
    id: newsletter.id,
    subject: newsletter.subject,
    status: newsletter.status,
    statusLabel: STATUS_LABELS[newsletter.status],
    sendAt: newsletter.send_at && newsletter.status === "scheduled" ? formatUk(newsletter.send_at, "date-time") : null,
    sentAt: newsletter.sent_at ? formatUk(newsletter.sent_at, "date-time") : null,
    published: newsletter.published_at !== null && newsletter.slug ? `/newsletters/${newsletter.slug}` : null,
    audience: { value: chosen, label: describeAudience(chosen, title) },
    staffEmail: currentStaff(args).user.email,
    preview: open ? (await previewOf(newsletter)).text : null,
    count: open ? await audienceCount(chosen) : null,
    events: open ? await bookedEvents() : [],
    counts: open ? null : await newsletterCounts(newsletter.id),
  };
}

export async function action(args: Route.ActionArgs) {
  const newsletter = await getNewsletter(Number(args.params.id));
  if (!newsletter) throw await redirectWithToast("/admin/newsletters", { type: "error", message: NOT_FOUND });
  const form = await args.request.formData();
  const actor = currentActor(args);
  const back = `/admin/newsletters/${newsletter.id}`;
  switch (form.get("intent")) {
    case "test": {
      const to = currentStaff(args).user.email;
      const result = await sendTest(newsletter, to, actor);
      if (result.sent) return redirectWithToast(back, { type: "success", message: `Test sent to ${to}.` });
      return redirectWithToast(back, {
        type: "error",
        message: result.reason === "not-configured" ? "The test was not sent: this site has no mail server set up (SMTP_URL, MAIL_FROM)." : "The test was not sent: the mail server did not accept it. Try again in a few minutes.",
      });
    }
    case "send": {
      const submission = parseForm(form, newsletterSendSchema(new Date()), NEWSLETTER_SEND_FIELDS);
      if (submission.status !== "success") return data<IntentReply>({ intent: "send", reply: submission.reply() }, { status: 400 });
      const { audience, when } = submission.value;
      if ((await audienceCount(audience)) === 0) return data<IntentReply>({ intent: "send", reply: submission.reply({ formErrors: [NOBODY_TO_SEND_TO] }) }, { status: 400 });
      if (!(await startSending(newsletter.id, audience, when, actor))) {
        return redirectWithToast(back, { type: "error", message: "This newsletter has already gone out. Nothing was sent again." });
      }
      return redirectWithToast(back, {
        type: "success",
        message: when.when === "now" ? "Sending has started. The counts below fill in as it goes." : `Scheduled for ${formatUk(when.at, "date-time")}.`,
      });
    }
    case "unschedule":
      await unschedule(newsletter.id, actor);
      return redirectWithToast(back, { type: "success", message: "Taken off the schedule: it is a draft again." });
    case "delete":
      if (await deleteDraft(newsletter.id, actor)) return redirectWithToast("/admin/newsletters", { type: "success", message: "Draft deleted." });
      return redirectWithToast(back, { type: "error", message: "Only a draft can be deleted. Nothing was deleted." });
    case "publish": {
      const slug = await publishNewsletter(newsletter.id, actor);
      return slug
        ? redirectWithToast(back, { type: "success", message: `Published in the newsletter archive at /newsletters/${slug}.` })
        : redirectWithToast(back, { type: "error", message: "Only a sent newsletter can go in the archive. Nothing was published." });
    }
    case "unpublish":
      await unpublishNewsletter(newsletter.id, actor);
      return redirectWithToast(back, { type: "success", message: "Taken out of the public archive." });
    default:
      return redirectWithToast(back, { type: "error", message: "Nothing was changed." });
  }
}

const button = "rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700";
const outline = "rounded-full border-2 border-brand-600 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50";
const field = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base";

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const open = d.status === "draft" || d.status === "scheduled";
  const audience = d.audience.value;
  // The send form's refusal: its message, and the time chosen, kept (the audience comes from the page's address).
  const send = replyFor(actionData, "send");
  const when = send.value("when") ?? (d.status === "scheduled" ? "later" : "now");
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <Link to="/admin/newsletters" className="text-sm font-semibold text-brand-700 underline">
        Back to newsletters
      </Link>
      <h1 className="mt-2 font-display text-3xl font-semibold break-words text-brand-900">{d.subject}</h1>
      <p className="mt-1 text-slate-700">
        {d.statusLabel}
        {d.sendAt && ` for ${d.sendAt}`}
        {d.sentAt && ` ${d.sentAt}`} · {d.audience.label}
      </p>

      {d.counts && (
        <section aria-labelledby="counts-title" className="mt-6">
          <h2 id="counts-title" className="font-display text-xl font-semibold text-brand-900">
            {d.status === "sending" ? "Sending" : "Delivery"}
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="newsletter-counts">
            {[
              ["Sent", d.counts.sent],
              ["Failed", d.counts.failed],
              ["Address refused", d.counts.refused],
              ["Unsubscribed since", d.counts.unsubscribed],
              ...(d.counts.waiting > 0 ? [["Still to send", d.counts.waiting] as const] : []),
              ...(d.counts.skipped > 0 ? [["Skipped (unsubscribed before their turn)", d.counts.skipped] as const] : []),
            ].map(([term, value]) => (
              <div key={term} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
                <dt className="text-sm text-slate-600">{term}</dt>
                <dd className="mt-1 text-2xl font-semibold text-brand-900">{value.toLocaleString("en-GB")}</dd>
              </div>
            ))}
          </dl>
          {d.status === "sending" && (
            <p className="mt-3 text-sm text-slate-700">
              Messages go out at a steady pace.{" "}
              <Link to={`/admin/newsletters/${d.id}`} className="font-semibold text-brand-700 underline">
                Refresh the counts
              </Link>
            </p>
          )}
          {d.status === "sent" && (
            <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
              {d.published ? (
                <>
                  <p>
                    In the public archive:{" "}
                    <a href={d.published} className="font-semibold text-brand-700 underline">
                      {d.published}
                    </a>
                  </p>
                  <button type="submit" name="intent" value="unpublish" className={outline}>
                    Take it out of the archive
                  </button>
                </>
              ) : (
                <button type="submit" name="intent" value="publish" className={outline}>
                  Publish in the public archive
                </button>
              )}
            </Form>
          )}
        </section>
      )}

      {open && (
        <div className="mt-6 space-y-6">
          <section aria-labelledby="preview-title" className="min-w-0">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="preview-title" className="font-display text-xl font-semibold text-brand-900">
                As it will arrive
              </h2>
              <Link to={`/admin/newsletters/${d.id}/edit`} className={outline}>
                Edit
              </Link>
            </div>
            <p className="mt-1 text-sm text-slate-600">Each person's copy has their own unsubscribe link (here it leads to the signup page).</p>
            <div className="mt-3 flex flex-wrap items-start gap-4">
              <figure>
                <figcaption className="text-sm font-semibold text-slate-700">Phone (390 px)</figcaption>
                <iframe title="The newsletter at phone width" src={`/admin/newsletters/${d.id}/preview`} sandbox="" className="mt-1 h-[36rem] w-[390px] max-w-full rounded-xl border border-slate-300 bg-white" />
              </figure>
              <figure className="max-w-full min-w-0">
                <figcaption className="text-sm font-semibold text-slate-700">Desktop (full width)</figcaption>
                <div className="mt-1 overflow-x-auto">
                  <iframe title="The newsletter at desktop width" src={`/admin/newsletters/${d.id}/preview`} sandbox="" className="h-[36rem] w-[720px] rounded-xl border border-slate-300 bg-white" />
                </div>
              </figure>
            </div>
            <details className="mt-4">
              <summary className="cursor-pointer font-semibold text-brand-700">The plain-text part</summary>
              <pre className="mt-2 max-h-96 overflow-auto rounded-xl bg-slate-50 p-4 text-sm whitespace-pre-wrap" data-testid="plain-text">
                {d.preview}
              </pre>
            </details>
          </section>

          <div className="grid items-start gap-6 lg:grid-cols-[1fr_2fr]">
            <Card as="section" className="p-5" aria-labelledby="test-title">
              <h2 id="test-title" className="font-display text-lg font-semibold text-brand-900">
                Send a test
              </h2>
              <p className="mt-1 text-sm text-slate-700">
                To <span className="break-all">{d.staffEmail}</span>, marked [Test].
              </p>
              <Form method="post" className="mt-3">
                <button type="submit" name="intent" value="test" className={outline}>
                  Send me a test
                </button>
              </Form>
            </Card>

            <Card as="section" className="p-5" aria-labelledby="audience-title">
              <h2 id="audience-title" className="font-display text-lg font-semibold text-brand-900">
                Who gets it
              </h2>
              <Form method="get" className="mt-3 space-y-3">
                <label className="block text-sm font-semibold text-ink">
                  Send to
                  <select name="audience" defaultValue={audience.kind} className={field}>
                    {Object.entries(AUDIENCE_LABELS).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="block text-sm font-semibold text-ink">
                  Event (for people who booked one)
                  <select name="event" defaultValue={audience.kind === "booked-event" ? String(audience.eventId) : ""} className={field}>
                    <option value="">Choose an event</option>
                    {d.events.map((e) => (
                      <option key={e.id} value={e.id}>
                        {e.title} ({e.date})
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" className={outline}>
                  Count them
                </button>
              </Form>
              <p className="mt-4 rounded-xl bg-brand-50 p-3 text-brand-900" role="status" data-testid="audience-count">
                {d.audience.label}: <strong>{(d.count ?? 0).toLocaleString("en-GB")}</strong> {d.count === 1 ? "person" : "people"} will get it.
              </p>
              <p className="mt-2 text-sm text-slate-600">Only people who are subscribed, and whose address the mail server has not refused.</p>

              {send.formError && (
                <p role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-red-900">
                  {send.formError}
                </p>
              )}
              <Form method="post" className="mt-4 space-y-3">
                <input type="hidden" name="audience" value={audience.kind} />
                <input type="hidden" name="event" value={audience.kind === "booked-event" ? String(audience.eventId) : ""} />
                <fieldset>
                  <legend className="text-sm font-semibold text-ink">When</legend>
                  <label className="mt-2 flex items-center gap-2">
                    <input type="radio" name="when" value="now" defaultChecked={when !== "later"} /> Now
                  </label>
                  <label className="mt-1 flex items-center gap-2">
                    <input type="radio" name="when" value="later" defaultChecked={when === "later"} /> At a set time (UK time)
                  </label>
                  <input type="datetime-local" name="send_at" aria-label="Send at (UK time)" defaultValue={send.value("send_at")} className={field} />
                </fieldset>
                <button type="submit" name="intent" value="send" className={button} disabled={d.count === 0}>
                  Send to {(d.count ?? 0).toLocaleString("en-GB")} {d.count === 1 ? "person" : "people"}
                </button>
              </Form>
              {d.status === "scheduled" && (
                <Form method="post" className="mt-3">
                  <button type="submit" name="intent" value="unschedule" className="text-sm font-semibold text-brand-700 underline">
                    Take it off the schedule
                  </button>
                </Form>
              )}
              {d.status === "draft" && (
                <Form method="post" className="mt-3">
                  <button type="submit" name="intent" value="delete" className="text-sm font-semibold text-red-800 underline">
                    Delete this draft
                  </button>
                </Form>
              )}
            </Card>
          </div>
        </div>
      )}
    </main>
  );
}
