/** The "Fees donors may cover" card of Settings: card and Direct Debit rates, each a percentage plus fixed pence. */
export interface FeeSettingsView {
  cardPercent: string;
  cardFixed: string;
  bacsPercent: string;
  bacsFixed: string;
}

export function FeeSettingsCard({ fees }: { fees: FeeSettingsView }) {
  const control = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base";
  const field = (name: keyof FeeSettingsView, label: string, hint: string) => (
    <div>
      <label htmlFor={`fees-${name}`} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input id={`fees-${name}`} name={name} inputMode="decimal" defaultValue={fees[name]} aria-describedby={`fees-${name}-hint`} className={control} />
      <p id={`fees-${name}-hint`} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
    </div>
  );
  return (
    <section id="fees" className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="fees-title">
      <h2 id="fees-title" className="font-display text-xl font-semibold text-brand-900">
        Fees donors may cover
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The donation form offers (never ticked) to add the payment provider's fee to a gift. Set the rates your Stripe account is charged.
      </p>
      <form method="post" action="/admin/settings/fees" className="mt-4 grid gap-4 sm:grid-cols-2">
        {field("cardPercent", "Card: percentage (%)", "For example 1.5 for 1.5%.")}
        {field("cardFixed", "Card: fixed fee (pence)", "For example 20.")}
        {field("bacsPercent", "Direct Debit: percentage (%)", "For example 1 for 1%.")}
        {field("bacsFixed", "Direct Debit: fixed fee (pence)", "For example 20.")}
        <div>
          <button type="submit" className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
            Save fees
          </button>
        </div>
      </form>
    </section>
  );
}

/** The rates as the form shows them. */
export function feeSettingsView(rates: { card: { percentBp: number; fixedPence: number }; bacs_debit: { percentBp: number; fixedPence: number } }): FeeSettingsView {
  const percent = (bp: number) => String(bp / 100);
  return { cardPercent: percent(rates.card.percentBp), cardFixed: String(rates.card.fixedPence), bacsPercent: percent(rates.bacs_debit.percentBp), bacsFixed: String(rates.bacs_debit.fixedPence) };
}
