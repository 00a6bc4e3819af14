/**
 * The admin kit's pieces for a table's rows and their forms: a row's status as a coloured
 * pill with a line under it, and the message of a refused form (`{ intent, reply }`,
 * docs/decisions/287), for the page or beside a row's actions.
 */
import type { ReactNode } from "react";
import { replyFor, type IntentReply } from "../../../lib/form-reply.ts";

/** A row's status: the pill (`tone`: its colours) and, under it, a small line (when it arrived, until when it is held). */
export function StatusCell({ label, tone, note, nowrap = false }: { label: string; tone: string; note?: ReactNode; nowrap?: boolean }) {
  const wrap = nowrap ? " whitespace-nowrap" : "";
  return (
    <>
      <span className={`rounded-full px-2 py-0.5 font-semibold${wrap} ${tone}`}>{label}</span>
      {note ? <span className={`mt-1 block text-xs${wrap} text-slate-600`}>{note}</span> : null}
    </>
  );
}

/**
 * The refusal of form `intent`, when it was the one refused: the whole form's message, or
 * its action's (an unknown action). `inRow`: small, beside a row's actions; otherwise a box
 * for the page.
 */
export function Refusal({ answer, intent, inRow = false }: { answer: IntentReply | undefined; intent: string; inRow?: boolean }) {
  const refused = replyFor(answer, intent);
  const message = refused.formError ?? refused.error("intent");
  if (!message) return null;
  return inRow ? (
    <span role="alert" className="mt-1 block text-xs font-medium text-red-800">
      {message}
    </span>
  ) : (
    <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 font-medium text-red-900 ring-1 ring-red-200">
      {message}
    </p>
  );
}
