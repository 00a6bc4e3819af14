const FALLBACK_EMAIL = "info@millbrookfoundation.org.uk";

/** What visitors see while maintenance mode is on (served with 503 and Retry-After). */
export function MaintenancePage({ contactEmail }: { contactEmail?: string }) {
  const email = contactEmail?.trim() || FALLBACK_EMAIL;
  const at = email.lastIndexOf("@");
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
        Need us now? Email{" "}
        <a className="font-semibold text-brand-700 underline [overflow-wrap:anywhere]" href={`mailto:${email}`}>
          {/* A long address may wrap before the @, not in the middle of a word. */}
          {at > 0 ? (
            <>
              {email.slice(0, at)}
              <wbr />
              {email.slice(at)}
            </>
          ) : (
            email
          )}
        </a>
        .
      </p>
    </main>
  );
}

/**
 * Shown to signed-in staff while maintenance mode is on. It sticks to the foot of the
 * window (the site header is fixed at the top), so it never covers the header or the page.
 */
export function MaintenanceBanner() {
  return (
    <div
      role="status"
      className="sticky bottom-0 z-30 bg-sun-400 px-4 py-2 text-center text-sm font-semibold text-ink shadow-[0_-1px_8px_rgba(18,59,48,0.15)]"
      data-testid="maintenance-banner"
    >
      Maintenance mode is on: visitors see the maintenance page.{" "}
      <a href="/admin/settings" className="underline">Turn it off in Settings</a>
    </div>
  );
}
