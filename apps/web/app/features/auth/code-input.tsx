import { useImperativeHandle, useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import { OTP_LENGTH } from "@touchline/contract/limits";

export const emptyCode = (): string[] => Array.from({ length: OTP_LENGTH }, () => "");

export interface CodeInputHandle {
  focus(index?: number): void;
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
 * The 5-box SMS code entry: digits only, focus moves on after each
 * digit, Backspace in an empty box goes back and clears the box before it, and pasting (or
 * the phone's SMS autofill, which types the whole code into the first box) fills the boxes.
 */
export function CodeInput({ value, onChange, disabled, invalid, describedBy, autoFocus, ref }: CodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };
  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusBox(index) }), []);

  /** Writes digits into the boxes from `start` on and moves to the box after the last one. */
  const fill = (start: number, digits: string) => {
    const next = [...value];
    let index = start;
    for (const digit of digits) {
      if (index >= OTP_LENGTH) break;
      next[index++] = digit;
    }
    onChange(next);
    focusBox(index);
  };

  const handleInput = (index: number, raw: string) => {
    const digits = raw.replace(/\D/g, "");
    if (raw === "") {
      const next = [...value];
      next[index] = "";
      onChange(next);
      return;
    }
    if (digits === "") return; // a letter or sign: the box keeps its digit
    if (digits.length === 1) return fill(index, digits);
    // Typing into a box that already holds a digit (caret before or after it) gives two
    // characters: keep the new one.
    const old = value[index];
    if (digits.length === 2 && old && (digits.startsWith(old) || digits.endsWith(old))) {
      return fill(index, digits.startsWith(old) ? digits.slice(1) : digits.slice(0, 1));
    }
    // Autofill of a whole code lands in one box.
    fill(digits.length >= OTP_LENGTH ? 0 : index, digits);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace" && value[index] === "" && index > 0) {
      event.preventDefault();
      const next = [...value];
      next[index - 1] = "";
      onChange(next);
      focusBox(index - 1);
    } else if (event.key === "ArrowLeft" && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === "ArrowRight" && index < OTP_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = event.clipboardData.getData("text").replace(/\D/g, "");
    if (digits === "") return;
    // A whole code (an SMS copied as "Your code is 12345") always starts at the first box.
    fill(digits.length >= OTP_LENGTH ? 0 : index, digits.slice(0, OTP_LENGTH));
  };

  return (
    <div className="flex justify-center gap-2 sm:gap-3">
      {value.map((digit, index) => (
        <input
          // The boxes never reorder, so the index is a stable key.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          value={digit}
          onChange={(event) => handleInput(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
          className={`h-14 w-12 rounded-lg border bg-white text-center text-2xl font-semibold text-slate-900 outline-none focus:ring-2 focus:ring-brand-500 disabled:bg-slate-100 sm:w-14 ${invalid ? "border-red-600" : "border-slate-300"}`}
        />
      ))}
    </div>
  );
}
