/** What visitors see while maintenance mode is on (served with 503 and Retry-After). */
export function MaintenancePage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-6 py-24 text-center" data-testid="maintenance-page">
      <title>We'll be back soon | Millbrook Community Foundation</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Millbrook Community Foundation</p>
      <h1 className="mt-3 font-display text-4xl font-semibold">We'll be back soon</h1>
      <p className="mt-4 text-lg text-slate-600">
        Our website is having some planned maintenance. Please come back in a little while.
      </p>
      <p className="mt-2 text-slate-600">
        Need us now? Email <a className="font-semibold text-brand-700 underline" href="mailto:info@millbrookfoundation.org.uk">info@millbrookfoundation.org.uk</a>.
      </p>
    </main>
  );
}

/** Shown above the public site to signed-in staff while maintenance mode is on. */
export function MaintenanceBanner() {
  return (
    <div role="status" className="bg-sun-400 px-4 py-2 text-center text-sm font-semibold text-ink" data-testid="maintenance-banner">
      Maintenance mode is on: visitors see the maintenance page.{" "}
      <a href="/admin/settings" className="underline">Turn it off in Settings</a>
    </div>
  );
}
