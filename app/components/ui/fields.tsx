/**
 * Accessible form fields: a visible label, an optional hint, the field's error announced
 * through aria-describedby and aria-invalid. Optional fields say so; the rest are required.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

/** The control's look: one utility (app/app.css), so each field names one class. */
const control = "field-control";

interface BaseProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  id?: string;
  className?: string;
}

function describedBy(id: string, hint: unknown, error: unknown) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return ids || undefined;
}

function Label({ htmlFor, children, optional }: { htmlFor: string; children: ReactNode; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="field-label">
      {children}
      {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
    </label>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-800">
      <span aria-hidden="true">⚠</span>
      <span>
        <span className="sr-only">Error: </span>
        {error}
      </span>
    </p>
  );
}

function Hint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
      {hint}
    </p>
  );
}

/** What every single field shows around its control: the label, the hint and the error. */
function Field({ id, label, hint, error, optional, className, children }: Required<Pick<BaseProps, "id" | "className">> & Omit<BaseProps, "name" | "id" | "className"> & { children: ReactNode }) {
  return (
    <div className={className}>
      <Label htmlFor={id} optional={optional}>
        {label}
      </Label>
      <Hint id={id} hint={hint} />
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The control's own attributes: its id and name, required unless optional, its error and hint. */
function controlProps({ id, name, optional, hint, error }: Pick<BaseProps, "name" | "optional" | "hint" | "error"> & { id: string }) {
  return {
    id,
    name,
    required: !optional,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
    className: control,
  };
}

export function TextField({
  name,
  label,
  hint,
  error,
  optional,
  id = name,
  className = "",
  ...input
}: BaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional} className={className}>
      <input {...controlProps({ id, name, optional, hint, error })} {...input} />
    </Field>
  );
}

export function TextAreaField({
  name,
  label,
  hint,
  error,
  optional,
  id = name,
  className = "",
  ...input
}: BaseProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional} className={className}>
      <textarea rows={4} {...controlProps({ id, name, optional, hint, error })} {...input} />
    </Field>
  );
}

export function SelectField({
  name,
  label,
  hint,
  error,
  optional,
  id = name,
  className = "",
  options,
  placeholder = "Please choose",
  ...input
}: BaseProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id"> & {
  options: readonly { id: string; label: string }[];
  /** The empty first choice; null for none (the field then starts on its first option, or its value). */
  placeholder?: string | null;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional} className={className}>
      <select {...controlProps({ id, name, optional, hint, error })} {...input}>
        {placeholder !== null && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A group of checkboxes or radios in a fieldset with a legend. */
export function ChoiceGroup({
  type,
  name,
  legend,
  hint,
  error,
  optional,
  options,
  defaultValue,
  columns = 2,
  className = "",
}: {
  type: "checkbox" | "radio";
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  options: readonly { id: string; label: ReactNode; description?: ReactNode }[];
  defaultValue?: string | string[];
  columns?: 1 | 2;
  className?: string;
}) {
  const chosen = new Set(Array.isArray(defaultValue) ? defaultValue : defaultValue ? [defaultValue] : []);
  const id = `${name}-group`;
  return (
    <fieldset
      id={id}
      className={className}
      aria-describedby={describedBy(id, hint, error)}
      aria-invalid={error ? true : undefined}
    >
      <legend className="font-semibold text-ink">
        {legend}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </legend>
      <Hint id={id} hint={hint} />
      <div className={`mt-2 grid gap-2 ${columns === 2 ? "sm:grid-cols-2" : ""}`}>
        {options.map((option, index) => {
          // The first choice carries the field's name as its id: an error summary's link
          // to "#name" moves focus to it, as it does for a single field.
          const optionId = index === 0 ? name : `${name}-${option.id}`;
          return (
            <label
              key={option.id}
              htmlFor={optionId}
              className="choice-tile"
            >
              <input
                type={type}
                id={optionId}
                name={name}
                value={option.id}
                defaultChecked={chosen.has(option.id)}
                className="mt-0.5 size-5 shrink-0 accent-brand-600"
              />
              {option.description ? (
                <span>
                  <span className="font-medium">{option.label}</span>
                  <span className="mt-0.5 block text-sm text-slate-600">{option.description}</span>
                </span>
              ) : (
                <span className="font-medium">{option.label}</span>
              )}
            </label>
          );
        })}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** A single required checkbox such as a terms agreement. */
export function CheckboxField({
  name,
  label,
  error,
  defaultChecked,
}: {
  name: string;
  label: ReactNode;
  error?: string;
  defaultChecked?: boolean;
}) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={name}
          name={name}
          required
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
        />
        <label htmlFor={name} className="text-ink">
          {label}
        </label>
      </div>
      <FieldError id={name} error={error} />
    </div>
  );
}
