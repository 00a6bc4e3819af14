/**
 * The donation form: one-off or monthly; presets £10, £25, £50, £100 (£25 chosen) or
 * another amount in pounds and pence; an optional cause; an email for the receipt; and
 * an unticked Gift Aid box with HMRC's enduring declaration, whose details (title,
 * names, house, postcode) show when it is ticked (CSS only, so also without JavaScript).
 *
 * The form posts to the server as a normal document request, which checks everything and
 * sends the donor to Stripe Checkout. Typing an amount selects "Other amount"; the
 * browser checks the amount with the server's rules and says what is wrong next to the
 * field. Without online payments the section shows the other ways to give instead.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form } from "react-router";
import { CHARITY_NAME, chosenAmount, DEFAULT_DONATION, DONATION_PRESETS, GIFT_AID_NOTE, giftAidDeclarationText, giftAidPence, type DonationFrequency } from "./donation.ts";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { FieldError, SelectField, TextAreaField, TextField } from "../../components/ui/fields.tsx";
import { coverFeePence, describeFeeRate, type FeeRates, type PaymentMethod } from "./fees.ts";
import { DirectDebitGuarantee } from "./direct-debit-guarantee.tsx";
import { ErrorSummary, readReply } from "../../components/site/form-kit.tsx";
import type { FormReply } from "../../lib/form-reply.ts";
import { HeartIcon } from "../../components/site/icons.tsx";
import { formatPence, formatPenceExact } from "../../lib/money.ts";

type Field =
  | "frequency"
  | "amount"
  | "customAmount"
  | "cause"
  | "email"
  | "giftAid"
  | "title"
  | "firstName"
  | "lastName"
  | "house"
  | "postcode"
  | "paymentMethod"
  | "coverFees"
  | "feeTotalSeen"
  | "dedicate"
  | "dedicationKind"
  | "honoreeName"
  | "dedicationMessage"
  | "notifyName"
  | "notifyEmail"
  | "notifyShowAmount";

const LABELS: Record<string, string> = {
  frequency: "Donation type",
  amount: "Amount",
  customAmount: "Other amount",
  cause: "Cause",
  email: "Email address",
  title: "Title",
  firstName: "First name",
  lastName: "Last name",
  house: "House name or number",
  postcode: "Postcode",
  paymentMethod: "How to pay",
  dedicationKind: "In memory or in honour",
  honoreeName: "Their name",
  dedicationMessage: "Message",
  notifyName: "Name of the person to tell",
  notifyEmail: "Email of the person to tell",
} satisfies Partial<Record<Field, string>>;

/**
 * What the form needs, sent with the page for the browser to hydrate: with online payments
 * the form's settings, without them only the other ways to give (each leaves out what it
 * does not show).
 */
export type GivingView = { enabled: false; otherWaysText: string } | OnlineGiving;

interface OnlineGiving {
  enabled: true;
  maxPence: number;
  causes: { id: number; title: string }[];
  /** The processing-fee rates a donor may choose to cover. */
  fees: FeeRates;
  /** Who the charity is: named with its contact details beside the Direct Debit Guarantee. */
  charity: { name: string; number: string; email: string; phone: string; address: string[] };
}

/** The server's statement of the total when the donor covers the fee (before the browser showed it). */
export interface FeeConfirmation {
  giftPence: number;
  feePence: number;
  totalPence: number;
  monthly: boolean;
  directDebit: boolean;
}

/** The action's answer when the donation did not go on to Checkout: Conform's reply, and the fee's total to confirm. */
interface DonationAnswer {
  reply: FormReply;
  confirmFee?: FeeConfirmation;
}

type Prefill = Partial<Record<Field | "emailConsent", string>>;

/** The form as it was posted (the action's reply) or left at Checkout's Cancel (`prefill`): its values and messages. */
export function donationReply(answer: DonationAnswer | undefined, prefill: Prefill | null | undefined) {
  const { text: posted, errors } = readReply(answer?.reply);
  const text = (name: keyof Prefill) => (answer ? posted(name) : (prefill?.[name] ?? ""));
  return { text, checked: (name: keyof Prefill) => text(name) === "on", errors };
}

export function DonationForm({
  giving,
  answer,
  prefill,
  consent,
}: {
  giving: GivingView;
  answer?: DonationAnswer;
  prefill?: Prefill | null;
  /** The email consent box, given by the page (it belongs to the supporters feature). */
  consent?: ReactNode;
}) {
  if (!giving.enabled) return <OtherWaysToGive text={giving.otherWaysText} />;
  // A new answer (or a Cancel from Checkout) starts the form again from its values.
  return <DonationFormFields key={JSON.stringify(answer ?? prefill ?? null)} giving={giving} answer={answer} prefill={prefill} consent={consent} />;
}

function OtherWaysToGive({ text }: { text: string }) {
  return (
    <div className="space-y-4" data-testid="giving-off">
      <h3 className="font-display text-2xl font-semibold text-brand-900">Make a donation</h3>
      <p role="status" className="rounded-2xl bg-sun-100 p-4 font-semibold text-ink">
        Online giving is not switched on yet.
      </p>
      <h4 className="font-semibold text-brand-900">Other ways to give</h4>
      {text
        .split(/\n{2,}/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i} className="whitespace-pre-line text-slate-700">
            {p}
          </p>
        ))}
    </div>
  );
}

function DonationFormFields({
  giving,
  answer,
  prefill,
  consent,
}: {
  giving: OnlineGiving;
  answer?: DonationAnswer;
  prefill?: Prefill | null;
  consent?: ReactNode;
}) {
  const { text, checked, errors } = donationReply(answer, prefill);
  const { _form: formError, ...serverErrors } = errors;
  const [frequency, setFrequency] = useState<DonationFrequency>(text("frequency") === "monthly" ? "monthly" : "one-off");
  const [custom, setCustom] = useState(text("customAmount"));
  const [choice, setChoice] = useState<string>(custom.trim() !== "" ? "custom" : text("amount") || String(DEFAULT_DONATION));
  const [clientError, setClientError] = useState<string | undefined>();
  const [method, setMethod] = useState<PaymentMethod>(text("paymentMethod") === "bacs_debit" ? "bacs_debit" : "card");
  const [coverFees, setCoverFees] = useState(checked("coverFees"));
  // Bumped by a refused submit: the amount field then takes focus (after the re-render).
  const [refused, setRefused] = useState(0);
  const hydrated = useHydrated();
  const customRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (refused > 0) customRef.current?.focus();
  }, [refused]);
  const amount = chosenAmount(choice, custom, giving.maxPence);
  const amountError = clientError ?? serverErrors.customAmount;
  // A one-off gift is paid by card; a monthly one by card or Direct Debit.
  const rateMethod: PaymentMethod = frequency === "monthly" ? method : "card";
  const feePence = amount.ok && coverFees ? coverFeePence(amount.pence, giving.fees[rateMethod]) : 0;
  const totalPence = amount.ok ? amount.pence + feePence : 0;
  const confirm = answer?.confirmFee;
  // The summary links to each field by its id (the donation fields' ids differ from the volunteer form's).
  const anchors: Record<string, string> = {
    frequency: "frequency-group",
    amount: "amount-group",
    cause: "donation-cause",
    email: "donation-email",
    title: "donation-title",
    firstName: "donation-firstName",
    lastName: "donation-lastName",
    house: "donation-house",
    postcode: "donation-postcode",
    paymentMethod: "payment-method-group",
    dedicationKind: "dedication-kind-group",
    honoreeName: "donation-honoreeName",
    dedicationMessage: "donation-dedicationMessage",
    notifyName: "donation-notifyName",
    notifyEmail: "donation-notifyEmail",
  } satisfies Partial<Record<Field, string>>;
  const summaryErrors: Record<string, string> = {};
  const summaryLabels: Record<string, string> = {};
  for (const [field, message] of Object.entries(serverErrors)) {
    const id = anchors[field] ?? field;
    summaryErrors[id] = message;
    summaryLabels[id] = LABELS[field] ?? "";
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (amount.ok) return;
    event.preventDefault();
    setClientError(amount.error);
    setRefused((n) => n + 1);
  };

  return (
    <Form method="post" action="/support?form=donate#donate" reloadDocument noValidate className="group/donate space-y-6" aria-labelledby="donate-form-heading" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="donate" />
      {/* The total the donor was shown: with JavaScript the one below; without, the server's confirmation. */}
      {hydrated && coverFees && amount.ok ? (
        <input type="hidden" name="feeTotalSeen" value={String(totalPence)} />
      ) : confirm ? (
        <input type="hidden" name="feeTotalSeen" value={String(confirm.totalPence)} />
      ) : null}
      <h3 id="donate-form-heading" className="font-display text-2xl font-semibold text-brand-900">
        Make a donation
      </h3>
      {prefill && !answer ? (
        <p role="status" className="rounded-2xl bg-brand-50 p-4 text-brand-900">
          Your payment was cancelled and nothing was taken. Your details are below if you would like to try again.
        </p>
      ) : null}
      {formError ? (
        <p role="alert" className="rounded-2xl border-2 border-red-700 bg-red-50 p-4 text-red-900">
          {formError}
        </p>
      ) : null}
      <ErrorSummary id="donate-errors" errors={summaryErrors} labels={summaryLabels} />
      {confirm ? (
        <div role="status" id="fee-confirmation" data-testid="fee-confirmation" className="rounded-2xl border-2 border-brand-600 bg-brand-50 p-4 text-brand-900">
          <p className="font-semibold">Please check your total</p>
          <p className="mt-1">
            Your gift of {formatPenceExact(confirm.giftPence)} plus {formatPenceExact(confirm.feePence)} to cover the {confirm.directDebit ? "Direct Debit" : "card"} fee
            comes to <strong>{formatPenceExact(confirm.totalPence)}</strong>
            {confirm.monthly ? " a month" : ""}. Press the Donate button below to go on to payment, or change your choices first.
          </p>
        </div>
      ) : null}

      <fieldset id="frequency-group">
        <legend className="font-semibold">Donation type</legend>
        <div className="mt-2 grid grid-cols-2 gap-3">
          {(["one-off", "monthly"] as const).map((f) => (
            <label key={f} className="choice-pill">
              <input type="radio" id={`frequency-${f}`} name="frequency" value={f} checked={frequency === f} onChange={() => setFrequency(f)} className="sr-only" />
              {f === "one-off" ? "One-off" : "Monthly"}
            </label>
          ))}
        </div>
        <FieldError id="frequency" error={serverErrors.frequency} />
      </fieldset>
      {frequency === "monthly" ? (
        <p className="rounded-2xl bg-brand-50 p-4 text-brand-900" role="note">
          Thank you! Monthly gifts give local groups sustainable support they can plan around, all year round.
        </p>
      ) : null}

      <fieldset id="amount-group">
        <legend className="font-semibold">Amount</legend>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {DONATION_PRESETS.map((preset) => (
            <label key={preset} className="choice-pill">
              <input
                type="radio"
                name="amount"
                value={preset}
                checked={choice === String(preset)}
                onChange={() => {
                  setChoice(String(preset));
                  setCustom("");
                  setClientError(undefined);
                }}
                className="sr-only"
              />
              {`£${preset}`}
            </label>
          ))}
        </div>
        <label className="mt-3 flex items-center gap-2 font-medium">
          <input
            type="radio"
            name="amount"
            value="custom"
            checked={choice === "custom"}
            onChange={() => setChoice("custom")}
            className="size-5 accent-brand-600"
          />
          Other amount
        </label>
        <div className="mt-2">
          <label htmlFor="customAmount" className="sr-only">
            Other amount in pounds
          </label>
          <div className="flex items-center rounded-xl border border-slate-400 bg-white focus-within:outline-3 focus-within:outline-sun-500">
            <span aria-hidden="true" className="pl-4 text-lg font-semibold text-slate-700">
              £
            </span>
            <input
              ref={customRef}
              id="customAmount"
              name="customAmount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="Other amount"
              value={custom}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={amountError ? "customAmount-error customAmount-hint" : "customAmount-hint"}
              onFocus={() => setChoice("custom")}
              onChange={(e) => {
                setChoice("custom");
                setCustom(e.target.value);
                setClientError(undefined);
              }}
              className="w-full rounded-xl bg-transparent px-2 py-3 text-lg outline-none"
            />
          </div>
          <p id="customAmount-hint" className="mt-1 text-sm text-slate-600">
            {`In pounds and pence, for example 12.50. From £1 to ${formatPence(giving.maxPence)}.`}
          </p>
          <FieldError id="customAmount" error={amountError} />
          <FieldError id="amount" error={serverErrors.amount} />
        </div>
      </fieldset>

      {/* Shown for a monthly gift only (CSS, so also without JavaScript). */}
      <fieldset id="payment-method-group" className="hidden group-has-[#frequency-monthly:checked]/donate:block">
        <legend className="font-semibold">How would you like to pay each month?</legend>
        <div className="mt-2 grid grid-cols-2 gap-3">
          {(["card", "bacs_debit"] as const).map((m) => (
            <label key={m} className="choice-pill">
              <input
                type="radio"
                id={m === "card" ? "paymentMethod-card" : "paymentMethod-bacs"}
                name="paymentMethod"
                value={m}
                checked={method === m}
                onChange={() => setMethod(m)}
                className="sr-only"
              />
              {m === "card" ? "Card" : "Direct Debit"}
            </label>
          ))}
        </div>
        <FieldError id="paymentMethod" error={serverErrors.paymentMethod} />
        <div className="mt-4 hidden group-has-[#paymentMethod-bacs:checked]/donate:block" data-testid="direct-debit-details">
          <p className="text-slate-700">
            {`You set up the Direct Debit on the secure page of our payment provider, Stripe, with your bank details, name and address. Stripe emails you to confirm the Direct Debit Instruction and before each payment; your bank statement shows the payments to ${giving.charity.name}.`}
          </p>
          <DirectDebitGuarantee charity={giving.charity} className="mt-4" />
        </div>
      </fieldset>

      <SelectField
        name="cause"
            id="donation-cause"
        label="Give to"
        placeholder="Where it is needed most"
        optional
        options={giving.causes.map((c) => ({ id: String(c.id), label: c.title }))}
        defaultValue={text("cause")}
        error={serverErrors.cause}
      />
      <TextField
        name="email"
            id="donation-email"
        type="email"
        label="Email address"
        hint="We send your receipt here."
        autoComplete="email"
        defaultValue={text("email")}
        error={serverErrors.email}
      />

      <div className="group rounded-2xl bg-sun-100 p-4">
        <p data-testid="gift-aid">
          {amount.ok ? (
            <>
              <strong>Gift Aid:</strong>
              {` if you are a UK taxpayer, your ${formatPence(amount.pence)} becomes `}
              <strong>{formatPence(amount.pence + giftAidPence(amount.pence))}</strong>
              {` (+25%, an extra ${formatPence(giftAidPence(amount.pence))}) at no cost to you.`}
            </>
          ) : (
            <>
              <strong>Gift Aid</strong> adds 25% to your donation at no cost to you, if you are a UK taxpayer.
            </>
          )}
        </p>
        <label className="mt-3 flex items-start gap-3">
          <input
            type="checkbox"
            id="giftAid"
            name="giftAid"
            defaultChecked={checked("giftAid")}
            className="mt-1 size-5 shrink-0 accent-brand-600"
            aria-describedby="giftAid-note"
          />
          <span>
            <strong className="block">Yes, add Gift Aid</strong>
            {giftAidDeclarationText(CHARITY_NAME)}
          </span>
        </label>
        <p id="giftAid-note" className="mt-2 text-sm text-slate-700">
          {GIFT_AID_NOTE}
        </p>
        <fieldset className="mt-4 hidden space-y-4 group-has-[#giftAid:checked]:block">
          <legend className="font-semibold">Your details for Gift Aid</legend>
          <div className="grid grid-cols-[7.5rem_1fr] items-end gap-3">
            <TextField name="title" optional
            id="donation-title" label="Title" autoComplete="honorific-prefix" defaultValue={text("title")} error={serverErrors.title} maxLength={4} />
            <TextField name="firstName"
            id="donation-firstName" label="First name" autoComplete="given-name" defaultValue={text("firstName")} error={serverErrors.firstName} />
          </div>
          <TextField name="lastName"
            id="donation-lastName" label="Last name" autoComplete="family-name" defaultValue={text("lastName")} error={serverErrors.lastName} />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField name="house"
            id="donation-house" label="House name or number" autoComplete="address-line1" defaultValue={text("house")} error={serverErrors.house} />
            <TextField name="postcode"
            id="donation-postcode" label="Postcode" autoComplete="postal-code" defaultValue={text("postcode")} error={serverErrors.postcode} />
          </div>
        </fieldset>
      </div>

      <div className="rounded-2xl bg-brand-50 p-4">
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            id="coverFees"
            name="coverFees"
            checked={coverFees}
            onChange={(e) => setCoverFees(e.target.checked)}
            className="mt-1 size-5 shrink-0 accent-brand-600"
            aria-describedby="coverFees-total"
          />
          <span>
            <strong className="block">Cover the processing fee</strong>
            {`Add the fee our payment provider charges, so ${giving.charity.name} receives your whole gift.`}
          </span>
        </label>
        <p id="coverFees-total" className="mt-2 text-sm text-slate-700" data-testid="fee-total" aria-live="polite">
          {hydrated && amount.ok ? (
            coverFees ? (
              <>
                You add {formatPenceExact(feePence)}: <strong>{formatPenceExact(totalPence)}</strong> in all{frequency === "monthly" ? " each month" : ""}.
              </>
            ) : (
              <>The fee on this gift is {formatPenceExact(coverFeePence(amount.pence, giving.fees[rateMethod]))}.</>
            )
          ) : (
            `The fee is ${describeFeeRate(giving.fees.card)} by card and ${describeFeeRate(giving.fees.bacs_debit)} by Direct Debit. We show you the exact total before you pay.`
          )}
        </p>
      </div>

      <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
        <label className="flex items-start gap-3">
          <input type="checkbox" id="dedicate" name="dedicate" defaultChecked={checked("dedicate")} className="mt-1 size-5 shrink-0 accent-brand-600" />
          <span>
            <strong className="block">Give in memory or in honour of someone</strong>
            Optional: name the person this gift is for.
          </span>
        </label>
        <div className="mt-4 hidden space-y-4 group-has-[#dedicate:checked]/donate:block">
          <fieldset id="dedication-kind-group">
            <legend className="font-semibold">This gift is</legend>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              {(["memory", "honour"] as const).map((k) => (
                <label key={k} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="dedicationKind"
                    value={k}
                    defaultChecked={(text("dedicationKind") || "memory") === k}
                    className="size-5 accent-brand-600"
                  />
                  {k === "memory" ? "In memory of" : "In honour of"}
                </label>
              ))}
            </div>
            <FieldError id="dedicationKind" error={serverErrors.dedicationKind} />
          </fieldset>
          <TextField name="honoreeName" id="donation-honoreeName" label="Their name" defaultValue={text("honoreeName")} error={serverErrors.honoreeName} maxLength={100} />
          <TextAreaField
            name="dedicationMessage"
            id="donation-dedicationMessage"
            label="A message"
            optional
            rows={3}
            defaultValue={text("dedicationMessage")}
            error={serverErrors.dedicationMessage}
          />
          <fieldset className="space-y-4">
            <legend className="font-semibold">Tell someone about this gift (optional)</legend>
            <p className="text-sm text-slate-700">We email them once, when your gift is received. The amount is left out unless you tick the box.</p>
            <TextField name="notifyName" id="donation-notifyName" label="Name of the person to tell" optional autoComplete="off" defaultValue={text("notifyName")} error={serverErrors.notifyName} />
            <TextField name="notifyEmail" id="donation-notifyEmail" type="email" label="Email of the person to tell" optional autoComplete="off" defaultValue={text("notifyEmail")} error={serverErrors.notifyEmail} />
            <label className="flex items-start gap-3">
              <input type="checkbox" name="notifyShowAmount" defaultChecked={checked("notifyShowAmount")} className="mt-1 size-5 shrink-0 accent-brand-600" />
              <span>Show the amount of my gift in the email</span>
            </label>
          </fieldset>
        </div>
      </div>

      {consent}
      <button type="submit" className={buttonClasses("sun", "lg", "w-full")}>
        <HeartIcon className="size-5" />
        {/* The amount only where it follows the choice (with JavaScript, or as the server stated it): without it, a typed amount would leave a stale one here. */}
        {hydrated && amount.ok
          ? `Donate ${formatPence(totalPence)}${frequency === "monthly" ? " monthly" : ""}`
          : confirm
            ? `Donate ${formatPenceExact(confirm.totalPence)}${confirm.monthly ? " monthly" : ""}`
            : "Donate"}
      </button>
      <p className="text-center text-sm text-slate-600">
        You pay on our payment provider's secure page (Stripe). We never see your card or bank details.
      </p>
    </Form>
  );
}
