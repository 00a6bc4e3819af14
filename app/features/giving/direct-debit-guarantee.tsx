/**
 * The Direct Debit Guarantee in the scheme's standard wording, with the charity's name and
 * contact details, as the Direct Debit scheme requires on a sign-up page and on its
 * confirmation page. Server-rendered text only (no script).
 */
export interface GuaranteeCharity {
  name: string;
  number: string;
  email: string;
  phone: string;
  address: string[];
}

export function DirectDebitGuarantee({ charity, className = "" }: { charity: GuaranteeCharity; className?: string }) {
  const name = charity.name;
  return (
    <section aria-labelledby="dd-guarantee-heading" className={`rounded-2xl border-2 border-slate-800 bg-white p-4 text-sm text-slate-800 ${className}`} data-testid="dd-guarantee">
      <h4 id="dd-guarantee-heading" className="text-base font-bold">
        The Direct Debit Guarantee
      </h4>
      <ul className="mt-2 list-disc space-y-2 pl-5">
        <li>The Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits.</li>
        <li>{`If there are any changes to the amount, date or frequency of your Direct Debit ${name} will notify you 3 working days in advance of your account being debited or as otherwise agreed. If you request ${name} to collect a payment, confirmation of the amount and date will be given to you at the time of the request.`}</li>
        <li>{`If an error is made in the payment of your Direct Debit, by ${name} or your bank or building society, you are entitled to a full and immediate refund of the amount paid from your bank or building society.`}</li>
        <li>{`If you receive a refund you are not entitled to, you must pay it back when ${name} asks you to.`}</li>
        <li>
          You can cancel a Direct Debit at any time by simply contacting your bank or building society. Written confirmation may be required.
          Please also notify us.
        </li>
      </ul>
      <div className="mt-3 border-t border-slate-200 pt-3" data-testid="dd-contact">
        <p className="font-semibold">{charity.number ? `${name}, registered charity number ${charity.number}` : name}</p>
        {charity.address.length > 0 ? <p>{charity.address.join(", ")}</p> : null}
        <p>
          {charity.phone ? `Phone ${charity.phone} · Email ` : "Email "}
          <a className="font-semibold text-brand-700 underline break-all" href={`mailto:${charity.email}`}>
            {charity.email}
          </a>
        </p>
      </div>
    </section>
  );
}
