/** One supporter: details, what they have done for the charity (the timeline), notes, tags, merge. */
import { data, Form, Link } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { Card } from "../../../components/admin/kit/card.tsx";
import { Pagination } from "../../../components/admin/pagination.tsx";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { addNote, addTag, mergeSupporters, staffUnsubscribe, removeTag, supporterSummary, supporterTimeline, tagsOf } from "../admin.server.ts";
import { NOTE_MAX, TAG_MAX } from "../filters.ts";
import { clearRefusal, currentConsent, supporterByEmail, supporterById } from "../supporters.server.ts";
import type { Route } from "./+types/supporter";
import { formatPenceExact } from "../../../lib/money.ts";
import { formatUk } from "../../../lib/uk-time.ts";

export const meta = () => [{ title: "Supporter | Millbrook Admin" }];

const when = (iso: string | Date) => formatUk(iso, "date-time");
const pounds = formatPenceExact;

export async function loader(args: Route.LoaderArgs) {
  const person = await supporterById(args.params.id);
  if (!person) throw data({ notFound: true }, { status: 404 });
  const page = Math.max(1, Math.min(10_000, Number(new URL(args.request.url).searchParams.get("page")) || 1));
  const [summary, timeline, tags, consent] = await Promise.all([supporterSummary(person.id), supporterTimeline(person.id, page), tagsOf(person.id), currentConsent(person.id)]);
  return {
    person: {
      id: person.id,
      name: person.name,
      email: person.email,
      postcode: person.postcode,
      since: when(person.created_at),
      refused: person.email_refused_at ? { at: when(person.email_refused_at), reason: person.email_refused_reason ?? "" } : null,
    },
    summary: { ...summary, given: pounds(summary.given) },
    consent: { subscribed: consent.subscribed, since: consent.since ? when(consent.since) : null, source: consent.source },
    tags,
    page,
    timeline: { ...timeline, entries: timeline.entries.map((e) => ({ ...e, when: when(e.at) })) },
  };
}

export async function action(args: Route.ActionArgs) {
  const person = await supporterById(args.params.id);
  if (!person) throw data({ notFound: true }, { status: 404 });
  const form = await args.request.formData();
  const actor = currentActor(args);
  const back = `/admin/supporters/${person.id}`;
  const text = (name: string) => String(form.get(name) ?? "");
  switch (form.get("intent")) {
    case "note":
      return (await addNote(person.id, text("body"), actor))
        ? redirectWithToast(back, { type: "success", message: "Note added." })
        : redirectWithToast(back, { type: "error", message: `Write a note of up to ${NOTE_MAX} characters. Nothing was saved.` });
    case "tag":
      return (await addTag(person.id, text("tag"), actor))
        ? redirectWithToast(back, { type: "success", message: "Tag added." })
        : redirectWithToast(back, { type: "error", message: `A tag is a word or two, up to ${TAG_MAX} characters. Nothing was saved.` });
    case "untag":
      await removeTag(person.id, text("tag"), actor);
      return redirectWithToast(back, { type: "success", message: "Tag removed." });
    case "unsubscribe":
      await staffUnsubscribe(person.id, actor);
      return redirectWithToast(back, { type: "success", message: "Unsubscribed from email news. It is on the timeline." });
    case "clear-refusal":
      await clearRefusal(person.id);
      await recordAudit(actor, "supporters.clear_refusal", { entity: "supporter", entityId: person.id });
      return redirectWithToast(back, { type: "success", message: "The mark is cleared: newsletters will be sent to this address again." });
    case "merge": {
      const other = await supporterByEmail(text("otherEmail"));
      if (!other) return redirectWithToast(back, { type: "error", message: "No supporter has that email address. Nothing was merged." });
      if (form.get("confirm") !== "on") return redirectWithToast(back, { type: "error", message: "Tick the box to confirm they are the same person. Nothing was merged." });
      const result = await mergeSupporters(person.id, other.id, actor);
      return result.ok
        ? redirectWithToast(back, { type: "success", message: `Merged: everything of ${other.email} is now here.` })
        : redirectWithToast(back, { type: "error", message: result.reason });
    }
    default:
      return redirectWithToast(back, { type: "error", message: "Nothing was changed." });
  }
}

const button = "rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";
const field = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base";

export default function Supporter({ loaderData }: Route.ComponentProps) {
  const { person, summary, consent, tags, timeline, page } = loaderData;
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <Link to="/admin/supporters" className="text-sm font-semibold text-brand-700 underline">
        Back to supporters
      </Link>
      <h1 className="mt-2 font-display text-3xl font-semibold break-words text-brand-900">{person.name || person.email}</h1>
      <p className="mt-1 text-slate-700">
        <span className="break-all">{person.email}</span>
        {person.postcode && <span className="whitespace-nowrap"> · {person.postcode}</span>} · supporter since {person.since}
      </p>

      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Summary">
        {[
          ["Given", `${summary.given} (${summary.gifts} ${summary.gifts === 1 ? "gift" : "gifts"})`],
          ["Gives monthly", summary.monthly ? "Yes" : "No"],
          ["Gift Aid", summary.gift_aid ? "Declaration in place" : "No declaration"],
          ["Events booked", String(summary.bookings)],
        ].map(([term, value]) => (
          <div key={term} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <dt className="text-sm text-slate-600">{term}</dt>
            <dd className="mt-1 font-semibold text-brand-900">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="timeline-title">
          <h2 id="timeline-title" className="font-display text-xl font-semibold text-brand-900">
            Timeline
          </h2>
          {timeline.entries.length === 0 ? (
            <p className="mt-2 text-slate-600">Nothing yet.</p>
          ) : (
            <ol className="mt-3 space-y-3" data-testid="timeline">
              {timeline.entries.map((e, i) => (
                <li key={`${e.kind}-${e.at}-${i}`} className="rounded-xl border border-slate-200 bg-white p-4">
                  <p className="flex flex-wrap justify-between gap-2">
                    <span className="font-semibold text-ink">{e.title}</span>
                    <time dateTime={e.at} className="text-sm text-slate-600">
                      {e.when}
                    </time>
                  </p>
                  {e.detail && <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{e.detail}</p>}
                </li>
              ))}
            </ol>
          )}
          <Pagination page={page} pages={timeline.more ? page + 1 : page} linkTo={(p) => `/admin/supporters/${person.id}?page=${p}`} />
        </section>

        <div className="space-y-6">
          <Card as="section" className="p-5" aria-labelledby="note-title">
            <h2 id="note-title" className="font-display text-lg font-semibold text-brand-900">
              Add a note
            </h2>
            {/* A new key after each change empties the field once the note is saved. */}
            <Form method="post" className="mt-2" key={`${timeline.entries[0]?.at ?? ""}-${timeline.entries.length}`}>
              <label className="block text-sm font-semibold text-slate-800">
                Note
                <textarea name="body" required maxLength={NOTE_MAX} rows={4} className={field} />
              </label>
              <button type="submit" name="intent" value="note" className={`mt-3 ${button}`}>
                Add note
              </button>
            </Form>
          </Card>

          <Card as="section" className="p-5" aria-labelledby="email-title">
            <h2 id="email-title" className="font-display text-lg font-semibold text-brand-900">
              Email news
            </h2>
            <p className="mt-2 text-sm text-slate-700">
              {consent.subscribed ? `Subscribed since ${consent.since} (${consent.source}).` : consent.since ? `Not subscribed since ${consent.since}.` : "Never subscribed."}
            </p>
            {person.refused && (
              <Form method="post" className="mt-2 text-sm">
                <p className="text-red-800">
                  The mail server refused this address on {person.refused.at}
                  {person.refused.reason && ` (${person.refused.reason})`}: newsletters skip it.
                </p>
                <button type="submit" name="intent" value="clear-refusal" className="mt-2 font-semibold text-brand-700 underline">
                  Clear the mark
                </button>
              </Form>
            )}
            {consent.subscribed && (
              <Form method="post" className="mt-2">
                <button type="submit" name="intent" value="unsubscribe" className="text-sm font-semibold text-red-800 underline">
                  Unsubscribe (they asked us)
                </button>
              </Form>
            )}
          </Card>

          <Card as="section" className="p-5" aria-labelledby="tags-title">
            <h2 id="tags-title" className="font-display text-lg font-semibold text-brand-900">
              Tags
            </h2>
            {tags.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-2">
                {tags.map((tag) => (
                  <li key={tag}>
                    <Form method="post" className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900">
                      <Link to={`/admin/supporters?tag=${encodeURIComponent(tag)}`} className="underline">
                        {tag}
                      </Link>
                      <input type="hidden" name="tag" value={tag} />
                      <button type="submit" name="intent" value="untag" aria-label={`Remove the tag ${tag}`} className="px-1 font-bold">
                        ×
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            )}
            <Form method="post" className="mt-3 flex items-end gap-2">
              <label className="block grow text-sm font-semibold text-slate-800">
                New tag
                <input name="tag" required maxLength={TAG_MAX} className={field} placeholder="e.g. corporate contact" />
              </label>
              <button type="submit" name="intent" value="tag" className={button}>
                Add
              </button>
            </Form>
          </Card>

          <Card as="section" className="p-5" aria-labelledby="merge-title">
            <h2 id="merge-title" className="font-display text-lg font-semibold text-brand-900">
              Merge a duplicate
            </h2>
            <p className="mt-1 text-sm text-slate-700">The same person with another address: their gifts, bookings, forms, consent, notes and tags move here, and the other record goes.</p>
            <Form method="post" className="mt-2">
              <label className="block text-sm font-semibold text-slate-800">
                Their other email address
                <input name="otherEmail" type="email" required className={field} />
              </label>
              <label className="mt-2 flex items-start gap-2 text-sm">
                <input type="checkbox" name="confirm" required className="mt-1" />
                <span>I have checked this is the same person.</span>
              </label>
              <button type="submit" name="intent" value="merge" className={`mt-3 ${button}`}>
                Merge into this record
              </button>
            </Form>
          </Card>
        </div>
      </div>
    </main>
  );
}
