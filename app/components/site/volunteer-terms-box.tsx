/**
 * The volunteer terms box of both volunteer forms (the application on /support and a shift
 * sign-up on /volunteer): the terms and the privacy notice open in a new tab, so what was
 * typed stays.
 */
import { CheckboxField } from "../ui/fields.tsx";

const linkClass = "font-semibold text-brand-700 underline";

export function VolunteerTermsBox({ defaultChecked, error }: { defaultChecked: boolean; error?: string }) {
  return (
    <CheckboxField
      name="terms"
      label={
        <>
          I agree to the{" "}
          <a href="/terms/volunteers" target="_blank" rel="noopener" className={linkClass}>
            volunteer terms<span className="sr-only"> (opens in a new tab)</span>
          </a>{" "}
          and to the Foundation keeping my details to arrange volunteering, as the{" "}
          <a href="/privacy" target="_blank" rel="noopener" className={linkClass}>
            privacy notice<span className="sr-only"> (opens in a new tab)</span>
          </a>{" "}
          explains.
        </>
      }
      defaultChecked={defaultChecked}
      error={error}
    />
  );
}
