import { OTPInput, REGEXP_ONLY_DIGITS, type SlotProps } from "input-otp";
import { useImperativeHandle, useRef } from "react";
import { OTP_LENGTH } from "@touchline/contract/limits";

export const emptyCode = (): string[] => Array.from({ length: OTP_LENGTH }, () => "");

/** The accessible name of the code field (one real input behind the five boxes). */
export const CODE_INPUT_LABEL = `${OTP_LENGTH}-digit code`;

export interface CodeInputHandle {
  focus(): void;
}

interface CodeInputProps {
  /** One entry per box: "" or a single digit. */
  value: string[];
  onChange(value: string[]): void;
  disabled?: boolean;
  invalid?: boolean;
  /** id of the element describing the boxes (the "we sent a code to …" sentence, an error). */
  describedBy?: string;
  autoFocus?: boolean;
  ref?: React.Ref<CodeInputHandle>;
}

/**
 * The SMS code entry: five boxes drawn over one real input (input-otp), so typing, deleting,
 * selecting, pasting, the phone's SMS autofill and password managers all work as on any input.
 * Digits only; a pasted SMS ("Touchline: 12345 is your code…") keeps the first five digits.
 */
export function CodeInput({ value, onChange, disabled, invalid, describedBy, autoFocus, ref }: CodeInputProps) {
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);

  return (
    <OTPInput
      ref={input}
      maxLength={OTP_LENGTH}
      pattern={REGEXP_ONLY_DIGITS}
      inputMode="numeric"
      autoComplete="one-time-code"
      aria-label={CODE_INPUT_LABEL}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      autoFocus={autoFocus}
      disabled={disabled}
      value={value.join("")}
      onChange={(code) => onChange(Array.from({ length: OTP_LENGTH }, (_, index) => code[index] ?? ""))}
      pasteTransformer={(pasted) => pasted.replace(/\D/g, "").slice(0, OTP_LENGTH)}
      containerClassName="flex justify-center gap-2 sm:gap-3 has-[:disabled]:opacity-60"
      render={({ slots }) => (
        <>
          {slots.map((slot, index) => (
            // The boxes never reorder, so the index is a stable key.
            <CodeBox key={index} {...slot} invalid={invalid} />
          ))}
        </>
      )}
    />
  );
}

function CodeBox({ char, isActive, hasFakeCaret, invalid }: SlotProps & { invalid?: boolean | undefined }) {
  return (
    <div
      aria-hidden="true"
      className={`relative flex h-14 w-12 items-center justify-center rounded-lg border bg-white text-2xl font-semibold text-slate-900 sm:w-14 ${invalid ? "border-red-600" : "border-slate-300"} ${isActive ? "ring-2 ring-brand-500" : ""}`}
    >
      {char}
      {hasFakeCaret ? <span className="absolute h-7 w-px animate-pulse bg-slate-900" /> : null}
    </div>
  );
}
