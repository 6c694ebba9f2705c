import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

/**
 * Form controls with a visible, associated label and an error announced to screen readers.
 * Every form of the site uses these so labels and errors look and behave the same.
 */
interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

export function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const controlClass =
  "w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 outline-none focus:ring-2 focus:ring-brand-500 disabled:bg-slate-100 disabled:text-slate-500";
export const borderClass = (error?: string) => (error ? "border-red-600" : "border-slate-300");

export function describedBy(id: string, error?: string, hint?: ReactNode) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string; hint?: ReactNode };

export function TextField({
  label,
  error,
  hint,
  id,
  className,
  ref,
  ...input
}: TextFieldProps & { ref?: React.Ref<HTMLInputElement> }) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <input
        id={fieldId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={`${controlClass} ${borderClass(error)} ${className ?? ""}`}
        {...input}
      />
    </FieldShell>
  );
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
};

export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  ref,
  ...textarea
}: TextAreaProps & { ref?: React.Ref<HTMLTextAreaElement> }) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <textarea
        id={fieldId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={`${controlClass} ${borderClass(error)} min-h-28 ${className ?? ""}`}
        {...textarea}
      />
    </FieldShell>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
};

export function SelectField({
  label,
  error,
  hint,
  id,
  options,
  placeholder,
  className,
  ref,
  ...select
}: SelectFieldProps & { ref?: React.Ref<HTMLSelectElement> }) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <select
        id={fieldId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={`${controlClass} ${borderClass(error)} ${className ?? ""}`}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: ReactNode; error?: string };

export function CheckboxField({
  label,
  error,
  id,
  ref,
  ...input
}: CheckboxFieldProps & { ref?: React.Ref<HTMLInputElement> }) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          id={fieldId}
          ref={ref}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
          {...input}
        />
        <label htmlFor={fieldId} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
