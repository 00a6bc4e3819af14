/** The day and month on a white badge: on event cards and beside each craft fair (`className` places it). */
import { dateBadge } from "./format.ts";

export function DateBadge({ date, className = "" }: { date: string; className?: string }) {
  const badge = dateBadge(date);
  return (
    <span className={`${className} flex size-16 flex-col items-center justify-center rounded-2xl bg-white text-center shadow-md ring-1 ring-black/5`}>
      <span className="font-display text-2xl leading-none font-semibold text-brand-800">{badge.day}</span>
      <span className="mt-0.5 text-xs font-bold tracking-wider text-sun-700 uppercase">{badge.month}</span>
    </span>
  );
}
