/** The volunteer roles on /support: each with what it asks (time, skills) and a link to its shifts. */
import type { PublicVolunteerRole } from "./volunteer-roles.server.ts";

export function VolunteerRolesList({ roles }: { roles: readonly PublicVolunteerRole[] }) {
  return (
    <ul className="mt-8 grid gap-5 md:grid-cols-2">
      {roles.map((role) => (
        <li key={role.slug} className="rounded-3xl bg-brand-50 p-6 ring-1 ring-brand-100">
          <h3 className="font-display text-xl font-semibold text-brand-900">{role.title}</h3>
          <p className="mt-2 text-slate-700">{role.description}</p>
          <dl className="mt-4 space-y-1 text-sm">
            <div>
              <dt className="inline font-semibold">Time: </dt>
              <dd className="inline text-slate-700">{role.commitment}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Skills: </dt>
              <dd className="inline text-slate-700">{role.skills}</dd>
            </div>
          </dl>
          <a href="/volunteer" className="mt-4 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4">
            Shifts you can sign up for<span className="sr-only">{`: ${role.title}`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
