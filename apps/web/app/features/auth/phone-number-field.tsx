import { useId, type InputHTMLAttributes } from "react";
import { PHONE_COUNTRY_CALLING_CODE } from "@touchline/contract/limits";
import { borderClass, controlClass } from "../../components/field.tsx";

type PhoneNumberFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label?: string;
  error?: string;
  ref?: React.Ref<HTMLInputElement>;
};

/**
 * Phone number fixed to Zambia.
 * The country selector is shown but disabled, so the player sees which country code applies;
 * the number may be typed as 097…, 260… or +260…, and the contract schema turns it into E.164.
 */
export function PhoneNumberField({
  label = "Phone number",
  error,
  id,
  className,
  ref,
  ...input
}: PhoneNumberFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const countryId = `${fieldId}-country`;
  const hintId = `${fieldId}-hint`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <label htmlFor={countryId} className="sr-only">
          Country (Zambia only)
        </label>
        {/* controlClass is full width; here the country keeps its own width and the number takes the rest. */}
        <select
          id={countryId}
          disabled
          defaultValue="ZM"
          className={`${controlClass.replace("w-full", "w-auto")} shrink-0 border-slate-300 pr-2`}
        >
          {/* Short, so the number box keeps room on a 360 px screen; the label names the country. */}
          <option value="ZM">ZM +{PHONE_COUNTRY_CALLING_CODE}</option>
        </select>
        <input
          id={fieldId}
          ref={ref}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="097 1234567"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : hintId}
          className={`${controlClass} ${borderClass(error)} min-w-0 flex-1 ${className ?? ""}`}
          {...input}
        />
      </div>
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={hintId} className="text-xs text-slate-600">
          A Zambian mobile number, for example 097 1234567 or +260 97 1234567.
        </p>
      )}
    </div>
  );
}
