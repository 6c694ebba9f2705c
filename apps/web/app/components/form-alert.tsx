import type { ReactNode } from "react";

/** A form-level message (not tied to one field), announced when it appears. */
export function FormAlert({ children, tone = "error" }: { children: ReactNode; tone?: "error" | "info" }) {
  const colours =
    tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-brand-100 bg-brand-50 text-brand-900";
  return (
    <div role="alert" data-tone={tone} className={`rounded-lg border px-4 py-3 text-sm ${colours}`}>
      {children}
    </div>
  );
}
