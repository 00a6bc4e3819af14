/** One labelled field of the account forms (first-run setup, set password), with its error. */
export function AccountField({
  name,
  label,
  type,
  autoComplete,
  error,
  defaultValue,
  minLength,
}: {
  name: string;
  label: string;
  type: "email" | "password";
  autoComplete: string;
  error?: string;
  defaultValue?: string;
  minLength?: number;
}) {
  return (
    <div>
      <label htmlFor={name} className="font-medium">
        {label}
      </label>
      <input id={name} name={name} type={type} autoComplete={autoComplete} required minLength={minLength} defaultValue={defaultValue}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined} />
      {error && <p id={`${name}-error`} role="alert" className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}
