/**
 * A public page's own error (an event or a news post that is not there, an address the
 * site does not have), shown inside the site's layout: what happened and a way back.
 */
import type { ReactNode } from "react";
import { buttonClasses } from "../ui/button.ts";
import { ArrowLeftIcon } from "./icons.tsx";

export function ErrorPanel({ eyebrow, title, children, back }: { eyebrow: string; title: string; children: ReactNode; back: { href: string; label: string } }) {
  return (
    <div className="bg-linear-to-b from-sun-100 to-white px-4 pt-36 pb-24 text-center">
      <div className="mx-auto max-w-xl">
        <p className="text-sm font-bold tracking-[0.14em] text-brand-700 uppercase">{eyebrow}</p>
        <h1 className="mt-3 font-display text-4xl font-semibold text-brand-900">{title}</h1>
        <p className="mt-4 text-lg text-slate-700">{children}</p>
        <a href={back.href} className={buttonClasses("primary", "lg", "mt-8")}>
          <ArrowLeftIcon className="size-5" />
          {back.label}
        </a>
      </div>
    </div>
  );
}
