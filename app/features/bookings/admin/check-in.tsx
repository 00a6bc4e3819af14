/**
 * Door check-in for one event, made for a phone: type or scan a booking reference (a
 * handheld scanner types it and presses Enter), or search by name and mark someone as
 * arrived. A second check-in says they already are, with the time. Plain forms, so it
 * works without JavaScript; with it, a camera button reads the ticket's QR code into the
 * same form (qr-reader.ts). The door list shows every confirmed booking's name, reference,
 * tickets and arrival, and no contact details: the screen is for the check-in permission.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { data, Form, Link } from "react-router";
import { allows } from "../../../auth/access.ts";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { qrReader } from "./qr-reader.ts";
import { useHydrated } from "../../../components/ui/use-hydrated.ts";
import { formatShortDate, formatTime } from "../../../components/site/format.ts";
import { checkInAtEvent, doorList, eventBookings, searchEventBookings, STATUS_LABELS } from "../bookings-admin.server.ts";
import type { Route } from "./+types/check-in";
import { formatUk } from "../../../lib/uk-time.ts";

export const meta = () => [{ title: "Door check-in | Millbrook Admin" }];

function eventId(params: { id?: string }): number {
  return /^\d{1,10}$/.test(params.id ?? "") ? Number(params.id) : 0;
}

// Places, counted as people: a Family ticket lets in several (a booking's quantity is its places).
const people = (n: number) => (n === 1 ? "1 person" : `${n} people`);

export async function loader(args: Route.LoaderArgs) {
  const { params, request } = args;
  const id = eventId(params);
  const found = await eventBookings(id);
  if (!found) throw data("Event not found", { status: 404 });
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const [matches, list] = await Promise.all([q ? searchEventBookings(id, q) : [], doorList(id)]);
  return {
    // The full bookings (with contact details) are for staff allowed to see submissions.
    canSeeBookings: allows(currentStaff(args), "submissions"),
    list: list.map((b) => ({
      reference: b.reference,
      name: b.name,
      quantity: b.quantity,
      arrivedCount: b.arrivedCount,
      types: b.types,
      names: b.names,
      arrived: b.checkedInAt ? formatUk(b.checkedInAt, "date-time") : null,
    })),
    event: { id, title: found.event.title, when: `${formatShortDate(found.event.date)}, ${formatTime(found.event.time)}` },
    arrived: found.totals.arrived,
    sold: found.totals.tickets,
    q,
    matches: matches.map((b) => ({
      reference: b.reference,
      name: b.name,
      quantity: b.quantity,
      valid: b.status === "confirmed",
      status: STATUS_LABELS[b.status],
      arrived: b.checked_in_at ? formatUk(b.checked_in_at, "date-time") : null,
    })),
  };
}

type Result = { tone: "ok" | "warn" | "bad"; heading: string; detail: string; at: number };

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const typed = String(form.get("reference") ?? "").slice(0, 100);
  // Group check-in: "arriving" of the party now (the rest later); without it, everyone not yet in.
  const arrivingText = String(form.get("arriving") ?? "");
  const arriving = /^\d{1,3}$/.test(arrivingText) && Number(arrivingText) > 0 ? Number(arrivingText) : undefined;
  const outcome = await checkInAtEvent(eventId(args.params), typed, currentActor(args), { arriving });
  const at = Date.now();
  let result: Result;
  switch (outcome.outcome) {
    case "checked-in":
      result = {
        tone: "ok",
        heading: `Checked in: ${outcome.booking.name}`,
        detail: `${people(outcome.booking.quantity)} · ${outcome.arrived} of ${outcome.booking.quantity} arrived · ${outcome.booking.reference}`,
        at,
      };
      break;
    case "already-checked-in":
      result = {
        tone: "warn",
        heading: `Already checked in at ${formatUk(outcome.at, "date-time")}`,
        detail: `${outcome.booking.name} · ${people(outcome.booking.quantity)} · ${outcome.booking.reference}`,
        at,
      };
      break;
    case "not-valid":
      result = {
        tone: "bad",
        heading: `Not a valid ticket: ${STATUS_LABELS[outcome.booking.status].toLowerCase()}`,
        detail: `${outcome.booking.name} · ${outcome.booking.reference}`,
        at,
      };
      break;
    case "other-event":
      result = { tone: "bad", heading: "This booking is for another event", detail: `${outcome.eventTitle} · ${outcome.booking.reference}`, at };
      break;
    case "not-found":
      result = {
        tone: "bad",
        heading: outcome.reference ? `No booking found for ${outcome.reference}` : "Type or scan a booking reference",
        detail: "Check the reference (it looks like MCF-7K3Q-9XPD), or search by name below.",
        at,
      };
      break;
  }
  return data({ result }, { status: outcome.outcome === "not-found" ? 404 : 200 });
}

const TONES: Record<Result["tone"], string> = {
  ok: "border-brand-700 bg-brand-50 text-brand-900",
  warn: "border-sun-500 bg-sun-100 text-ink",
  bad: "border-red-700 bg-red-50 text-red-900",
};
const control =
  "block w-full rounded-xl border border-slate-400 bg-white px-3.5 py-3 text-lg text-ink focus:border-brand-600 focus-visible:outline-3 focus-visible:outline-sun-500";
const primary = "rounded-full bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700";

/** Reads a QR code with the camera into the reference form: every current phone browser (the QR reader is loaded only when the camera opens). */
function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const canUseCamera = hydrated && typeof navigator !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia);

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        const [readQr, s] = await Promise.all([qrReader(), navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false })]);
        stream = s;
        const v = video.current;
        if (stopped || !v) return;
        v.srcObject = s;
        await v.play();
        const tick = async () => {
          if (stopped) return;
          const code = await readQr(v).catch(() => null);
          if (code && !stopped) {
            stopped = true;
            setOpen(false);
            onCode(code);
            return;
          }
          timer = setTimeout(tick, 200);
        };
        void tick();
      } catch {
        if (!stopped) setProblem("The camera could not be opened. Type the reference instead.");
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [open, onCode]);

  if (!canUseCamera) return null;
  return (
    <div className="mt-3">
      <button type="button" onClick={() => {
          setProblem(null);
          setOpen(!open);
        }} className="rounded-full border-2 border-brand-600 bg-white px-4 py-2 font-semibold text-brand-700">
        {open ? "Stop camera" : "Scan with camera"}
      </button>
      {open && <video ref={video} muted playsInline aria-label="Camera: hold the ticket's code in view" className="mt-3 aspect-square w-full max-w-sm rounded-2xl bg-black object-cover" />}
      {problem && <p className="mt-2 text-sm text-red-800">{problem}</p>}
    </div>
  );
}

export default function CheckIn({ loaderData, actionData }: Route.ComponentProps) {
  const { event, arrived, sold, q, matches, list, canSeeBookings } = loaderData;
  const result = actionData?.result;
  const form = useRef<HTMLFormElement>(null);
  const here = `/admin/events/${event.id}/check-in${q ? `?q=${encodeURIComponent(q)}` : ""}`;
  const onCode = useCallback((code: string) => {
    const input = form.current?.elements.namedItem("reference");
    if (input instanceof HTMLInputElement) input.value = code;
    form.current?.requestSubmit();
  }, []);

  return (
    <main className="mx-auto max-w-2xl px-4 py-5 sm:px-6">
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/admin/check-in" className="font-semibold text-brand-700 underline">
          Today&apos;s events
        </Link>
        {canSeeBookings && (
          <Link to={`/admin/events/${event.id}/bookings`} className="font-semibold text-brand-700 underline">
            All bookings
          </Link>
        )}
      </p>
      <h1 className="mt-2 font-display text-2xl font-semibold text-brand-900 sm:text-3xl">Door check-in</h1>
      <p className="mt-1 text-slate-700">
        <span className="font-semibold">{event.title}</span> · {event.when}
      </p>
      <p className="mt-1 text-slate-700" data-testid="arrived-count">
        Arrived: {arrived} of {people(sold)}
      </p>

      {result && (
        <div role="status" aria-live="assertive" className={`mt-4 rounded-2xl border-2 p-4 ${TONES[result.tone]}`} data-testid="check-in-result">
          <p className="text-xl font-semibold">{result.heading}</p>
          <p className="mt-1 break-words">{result.detail}</p>
        </div>
      )}

      {/* A new form after each answer: the field is empty and focused for the next scan. */}
      <Form key={result?.at ?? 0} ref={form} method="post" action={here} className="mt-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <label htmlFor="reference" className="block font-semibold text-ink">
          Booking reference
        </label>
        <p id="reference-hint" className="mt-1 text-sm text-slate-600">
          Type it, or scan the ticket&apos;s code.
        </p>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <input
            id="reference"
            name="reference"
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="go"
            placeholder="MCF-7K3Q-9XPD"
            aria-describedby="reference-hint"
            className={`${control} font-mono uppercase`}
          />
          <button type="submit" className={primary}>
            Check in
          </button>
        </div>
        <CameraScan onCode={onCode} />
      </Form>

      <Form method="get" action={`/admin/events/${event.id}/check-in`} role="search" aria-label="Search bookings by name" className="mt-5">
        <label htmlFor="q" className="block font-semibold text-ink">
          Search by name
        </label>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <input id="q" name="q" type="search" defaultValue={q} autoComplete="off" className={control} />
          <button type="submit" className="rounded-full border-2 border-brand-600 bg-white px-5 py-3 font-semibold text-brand-700">
            Search
          </button>
        </div>
      </Form>

      {q && (
        <section aria-label="Search results" className="mt-4">
          {matches.length === 0 ? (
            <p className="text-slate-700">{q.length < 2 ? "Type at least 2 letters." : `No bookings match “${q}”.`}</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              {matches.map((m) => (
                <li key={m.reference} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="font-semibold break-words text-ink">{m.name}</p>
                    <p className="text-sm text-slate-600">
                      {people(m.quantity)} · <span className="font-mono">{m.reference}</span>
                    </p>
                    {!m.valid && <p className="text-sm font-semibold text-red-800">{m.status}</p>}
                  </div>
                  {m.valid &&
                    (m.arrived ? (
                      <p className="text-sm font-semibold text-brand-800">Arrived {m.arrived}</p>
                    ) : (
                      <Form method="post" action={here}>
                        <input type="hidden" name="reference" value={m.reference} />
                        <button type="submit" className={primary} aria-label={`Mark ${m.name} as arrived`}>
                          Mark as arrived
                        </button>
                      </Form>
                    ))}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <section aria-labelledby="door-list" className="mt-8">
        <h2 id="door-list" className="text-lg font-semibold text-ink">
          Door list
        </h2>
        {list.length === 0 ? (
          <p className="mt-2 text-slate-700">No bookings yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="door-list">
            {list.map((b) => {
              const waiting = b.quantity - b.arrivedCount;
              return (
                <li key={b.reference} className="px-4 py-3" data-testid="door-party">
                  <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                    <div className="min-w-0">
                      <p className="font-semibold break-words text-ink">{b.name}</p>
                      <p className="text-sm text-slate-600">
                        {b.types && !/^\d+ Ticket$/.test(b.types) ? `${people(b.quantity)}: ${b.types}` : people(b.quantity)} ·{" "}
                        <span className="font-mono">{b.reference}</span>
                      </p>
                      {b.names.length > 0 && <p className="text-sm break-words text-slate-700">{b.names.join(", ")}</p>}
                    </div>
                    <p className={`text-sm font-semibold ${b.arrivedCount > 0 ? "text-brand-800" : "text-slate-600"}`}>
                      {b.arrivedCount === 0 ? "Not arrived" : b.arrivedCount >= b.quantity && b.arrived ? `Arrived ${b.arrived}` : `${b.arrivedCount} of ${b.quantity} arrived`}
                    </p>
                  </div>
                  {waiting > 0 && (
                    <Form method="post" action={here} className="mt-2 flex items-end gap-2">
                      <input type="hidden" name="reference" value={b.reference} />
                      {waiting > 1 ? (
                        <label className="text-sm font-semibold text-ink">
                          Arriving now
                          <select name="arriving" defaultValue={waiting} className="mt-1 block rounded-xl border border-slate-400 bg-white px-3 py-2 text-base">
                            {Array.from({ length: waiting }, (_, i) => i + 1).map((n) => (
                              <option key={n} value={n}>
                                {n === waiting ? `${n} (all)` : n}
                              </option>
                            ))}
                          </select>
                        </label>
                      ) : null}
                      <button type="submit" className="rounded-full bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700" aria-label={`${b.name} arriving`}>
                        Arriving
                      </button>
                    </Form>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </main>
  );
}
