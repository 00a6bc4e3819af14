/**
 * The donation form (spec 2.2, 4 and 9): one-time or monthly; presets 10, 25, 50, 100
 * with 25 chosen; a custom amount in whole pounds (digits only, at least £1). Choosing a
 * preset clears the custom amount; typing in it selects custom. Donate is disabled while
 * custom is chosen and empty. With JavaScript it shows the spec's alert; without, the form
 * posts to /support and the server answers with the same message.
 */
import { useState } from "react";
import { Form } from "react-router";
import {
  DEFAULT_DONATION,
  digitsOnly,
  donationAmount,
  donationMessage,
  DONATION_PRESETS,
  formatPounds,
  giftAid,
  type DonationFrequency,
} from "../../domain/giving/donation.ts";
import { buttonClasses } from "../ui/button.ts";
import { FieldError } from "../ui/fields.tsx";
import { HeartIcon } from "./icons.tsx";

export function DonationForm({ serverMessage, serverError }: { serverMessage?: string; serverError?: string }) {
  const [frequency, setFrequency] = useState<DonationFrequency>("one-time");
  const [choice, setChoice] = useState<string>(String(DEFAULT_DONATION));
  const [custom, setCustom] = useState("");
  const amount = donationAmount(choice, custom);
  const disabled = choice === "custom" && custom === "";

  const pill =
    "flex cursor-pointer items-center justify-center rounded-2xl border-2 px-4 py-3 text-lg font-semibold transition-colors has-checked:border-brand-600 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-sun-500";

  return (
    <Form
      method="post"
      action="/support#donate"
      className="space-y-6"
      aria-labelledby="donate-form-heading"
      onSubmit={(event) => {
        event.preventDefault();
        if (amount === null) return;
        window.alert(donationMessage(frequency, amount));
      }}
    >
      <input type="hidden" name="intent" value="donate" />
      <h3 id="donate-form-heading" className="font-display text-2xl font-semibold text-brand-900">
        Make a donation
      </h3>
      <fieldset>
        <legend className="font-semibold">Donation type</legend>
        <div className="mt-2 grid grid-cols-2 gap-3">
          {(["one-time", "monthly"] as const).map((f) => (
            <label key={f} className={`${pill} border-slate-300 text-ink`}>
              <input
                type="radio"
                name="frequency"
                value={f}
                checked={frequency === f}
                onChange={() => setFrequency(f)}
                className="sr-only"
              />
              {f === "one-time" ? "One-time" : "Monthly"}
            </label>
          ))}
        </div>
      </fieldset>
      {frequency === "monthly" ? (
        <p className="rounded-2xl bg-brand-50 p-4 text-brand-900" role="note">
          Thank you! Monthly gifts give local groups sustainable support they can plan around, all year round.
        </p>
      ) : null}

      <fieldset>
        <legend className="font-semibold">Amount</legend>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {DONATION_PRESETS.map((preset) => (
            <label key={preset} className={`${pill} border-slate-300 text-ink`}>
              <input
                type="radio"
                name="amount"
                value={preset}
                checked={choice === String(preset)}
                onChange={() => {
                  setChoice(String(preset));
                  setCustom("");
                }}
                className="sr-only"
              />
              £{preset}
            </label>
          ))}
        </div>
        <div className="mt-3 flex items-center gap-3">
          <label className="flex items-center gap-2 font-medium">
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
        </div>
        <div className="mt-2">
          <label htmlFor="customAmount" className="sr-only">
            Other amount in whole pounds
          </label>
          <div className="flex items-center rounded-xl border border-slate-400 bg-white focus-within:outline-3 focus-within:outline-sun-500">
            <span aria-hidden="true" className="pl-4 text-lg font-semibold text-slate-700">
              £
            </span>
            <input
              id="customAmount"
              name="customAmount"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              placeholder="Other amount"
              value={custom}
              aria-invalid={serverError ? true : undefined}
              aria-describedby={serverError ? "customAmount-error" : "customAmount-hint"}
              onFocus={() => setChoice("custom")}
              onChange={(e) => {
                setChoice("custom");
                setCustom(digitsOnly(e.target.value));
              }}
              className="w-full rounded-xl bg-transparent px-2 py-3 text-lg outline-none"
            />
          </div>
          <p id="customAmount-hint" className="mt-1 text-sm text-slate-600">
            Whole pounds, £1 or more.
          </p>
          <FieldError id="customAmount" error={serverError} />
        </div>
      </fieldset>

      <p className="rounded-2xl bg-sun-100 p-4" data-testid="gift-aid">
        {amount !== null ? (
          <>
            <strong>Gift Aid:</strong> if you are a UK taxpayer, your {formatPounds(amount)} becomes{" "}
            <strong>{formatPounds(amount + giftAid(amount))}</strong> (+25%, an extra {formatPounds(giftAid(amount))}) at no cost to you.
          </>
        ) : (
          <>
            <strong>Gift Aid</strong> adds 25% to your donation at no cost to you, if you are a UK taxpayer.
          </>
        )}
      </p>

      <button type="submit" disabled={disabled} className={buttonClasses("sun", "lg", "w-full")}>
        <HeartIcon className="size-5" />
        {amount !== null ? `Donate ${formatPounds(amount)}${frequency === "monthly" ? " monthly" : ""}` : "Donate"}
      </button>
      {serverMessage ? (
        <p role="status" className="rounded-2xl bg-brand-50 p-4 text-center font-semibold text-brand-900">
          {serverMessage}
        </p>
      ) : null}
      <p className="text-center text-sm text-slate-600">Donations are processed securely through our card payment provider.</p>
    </Form>
  );
}
