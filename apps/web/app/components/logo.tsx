/** The Touchline mark (a ball on a pitch line) and word mark; inline so it costs no request. */
export function LogoMark({ className = "h-9 w-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#027a48" />
      <path d="M3 24h26" stroke="#fdb022" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="16" cy="13" r="8" fill="#fff" />
      <path d="M16 8.6l3.6 2.6-1.4 4.2h-4.4l-1.4-4.2z" fill="#054f31" />
    </svg>
  );
}

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <LogoMark />
      <span className={`text-xl font-extrabold tracking-tight ${inverted ? "text-white" : "text-brand-900"}`}>
        Touchline
      </span>
    </span>
  );
}
