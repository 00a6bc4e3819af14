import { KIND_LABELS, STATUS_LABELS, type SubmissionKind, type SubmissionStatus } from "../submission-labels.ts";

const STATUS_TONES: Record<SubmissionStatus, string> = {
  new: "bg-sun-300 text-ink",
  in_review: "bg-sky-100 text-sky-900",
  accepted: "bg-brand-100 text-brand-900",
  declined: "bg-red-100 text-red-900",
  archived: "bg-slate-200 text-slate-800",
};

/** A submission's kind and status as small labels. */
export function SubmissionBadges({ kind, status }: { kind: SubmissionKind; status: SubmissionStatus }) {
  return (
    <>
      <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">{KIND_LABELS[kind] ?? kind}</span>
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[status] ?? ""}`}>
        <span className="sr-only">Status: </span>
        {STATUS_LABELS[status] ?? status}
      </span>
    </>
  );
}
