/** The Online giving card of Settings: the largest online gift and the other ways to give. */
export function GivingSettingsCard({ giving }: { giving: { maxDonation: string; otherWaysText: string; offlineRaised: string; maxTicketsPerClient: string; waitlistOfferHours: string; reminderHoursBefore: string; paymentsOn: boolean } }) {
  const control = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base";
  return (
    <section id="giving" className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="giving-title">
      <h2 id="giving-title" className="font-display text-xl font-semibold text-brand-900">Online giving</h2>
      <p className="mt-1 text-sm text-slate-600">
        {giving.paymentsOn
          ? "Card payments are switched on: donors pay on Stripe's secure checkout page."
          : "Card payments are not switched on (the Stripe keys are not set on the server): the donation form shows the text below instead."}
      </p>
      <form method="post" action="/admin/settings/giving" className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="giving-maxDonation" className="text-sm font-semibold text-slate-800">
            Largest online donation (£)
          </label>
          <input id="giving-maxDonation" name="maxDonation" inputMode="decimal" defaultValue={giving.maxDonation} className={control} />
        </div>
        <div>
          <label htmlFor="giving-offlineRaised" className="text-sm font-semibold text-slate-800">
            Raised off the site (£)
          </label>
          <input id="giving-offlineRaised" name="offlineRaised" inputMode="decimal" defaultValue={giving.offlineRaised} aria-describedby="giving-offlineRaised-hint" className={control} />
          <p id="giving-offlineRaised-hint" className="mt-1 text-xs text-slate-600">
            Events, cheques and other money raised. The home page shows this plus the gifts made online.
          </p>
        </div>
        <div>
          <label htmlFor="giving-maxTicketsPerClient" className="text-sm font-semibold text-slate-800">
            Most tickets per person for one event
          </label>
          <input
            id="giving-maxTicketsPerClient"
            name="maxTicketsPerClient"
            inputMode="numeric"
            defaultValue={giving.maxTicketsPerClient}
            aria-describedby="giving-maxTicketsPerClient-hint"
            className={control}
          />
          <p id="giving-maxTicketsPerClient-hint" className="mt-1 text-xs text-slate-600">
            Counted per email address and per internet connection, including tickets held while someone pays or confirms.
          </p>
        </div>
        <div>
          <label htmlFor="giving-waitlistOfferHours" className="text-sm font-semibold text-slate-800">
            Waitlist offers held for (hours)
          </label>
          <input id="giving-waitlistOfferHours" name="waitlistOfferHours" inputMode="numeric" defaultValue={giving.waitlistOfferHours} aria-describedby="giving-waitlistOfferHours-hint" className={control} />
          <p id="giving-waitlistOfferHours-hint" className="mt-1 text-xs text-slate-600">
            When places come back, the next person on the waitlist has this long to book them before they pass on.
          </p>
        </div>
        <div>
          <label htmlFor="giving-reminderHoursBefore" className="text-sm font-semibold text-slate-800">
            Booking reminders sent (hours before)
          </label>
          <input id="giving-reminderHoursBefore" name="reminderHoursBefore" inputMode="numeric" defaultValue={giving.reminderHoursBefore} aria-describedby="giving-reminderHoursBefore-hint" className={control} />
          <p id="giving-reminderHoursBefore-hint" className="mt-1 text-xs text-slate-600">
            Everyone booked is emailed a reminder with their ticket this long before the event starts.
          </p>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="giving-otherWaysText" className="text-sm font-semibold text-slate-800">
            Other ways to give (bank transfer, cheque)
          </label>
          <textarea id="giving-otherWaysText" name="otherWaysText" rows={4} defaultValue={giving.otherWaysText} className={control} />
        </div>
        <div>
          <button type="submit" className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
            Save giving settings
          </button>
        </div>
      </form>
    </section>
  );
}
