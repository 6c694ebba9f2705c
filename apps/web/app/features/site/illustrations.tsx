/**
 * Illustrations drawn as inline SVG: a few hundred bytes each instead of photos, which matters
 * to visitors paying for every megabyte. Decorative, so hidden from assistive technology.
 */

/** A phone showing a live match card and a small pitch: the app, in short. */
export function PhoneIllustration({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 240 320" className={className} aria-hidden="true" focusable="false">
      <rect x="50" y="10" width="140" height="300" rx="22" fill="#0b1f17" />
      <rect x="58" y="24" width="124" height="272" rx="14" fill="#f8fafc" />
      <rect x="66" y="34" width="108" height="56" rx="10" fill="#027a48" />
      <circle cx="84" cy="62" r="10" fill="#fff" />
      <circle cx="156" cy="62" r="10" fill="#fdb022" />
      <rect x="104" y="54" width="32" height="16" rx="4" fill="#054f31" />
      <circle cx="112" cy="62" r="3" fill="#fff" />
      <circle cx="128" cy="62" r="3" fill="#fff" />
      <rect x="66" y="100" width="108" height="76" rx="10" fill="#12b76a" />
      <rect x="72" y="106" width="96" height="64" rx="4" fill="none" stroke="#fff" strokeWidth="2" />
      <path d="M120 106v64" stroke="#fff" strokeWidth="2" />
      <circle cx="120" cy="138" r="10" fill="none" stroke="#fff" strokeWidth="2" />
      <circle cx="140" cy="128" r="4" fill="#fff" />
      <rect x="66" y="188" width="108" height="12" rx="6" fill="#d1fadf" />
      <rect x="66" y="208" width="80" height="12" rx="6" fill="#d1fadf" />
      <rect x="66" y="232" width="108" height="24" rx="8" fill="#ecfdf3" />
      <rect x="74" y="240" width="40" height="8" rx="4" fill="#027a48" />
      <rect x="150" y="238" width="16" height="12" rx="3" fill="#fdb022" />
      <rect x="66" y="264" width="108" height="24" rx="8" fill="#ecfdf3" />
      <rect x="74" y="272" width="56" height="8" rx="4" fill="#027a48" />
      <rect x="150" y="270" width="16" height="12" rx="3" fill="#12b76a" />
    </svg>
  );
}

/** A scouting radar over a pitch: the talent showcase. */
export function RadarIllustration({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 240 240" className={className} aria-hidden="true" focusable="false">
      <circle cx="120" cy="120" r="110" fill="#027a48" />
      <circle cx="120" cy="120" r="80" fill="none" stroke="#12b76a" strokeWidth="2" />
      <circle cx="120" cy="120" r="50" fill="none" stroke="#12b76a" strokeWidth="2" />
      <circle cx="120" cy="120" r="20" fill="none" stroke="#12b76a" strokeWidth="2" />
      <path d="M120 10v220M10 120h220" stroke="#12b76a" strokeWidth="1.5" />
      <path d="M120 120L198 42A110 110 0 0 1 230 120z" fill="#fdb022" opacity="0.45" />
      <circle cx="170" cy="78" r="8" fill="#fdb022" />
      <circle cx="78" cy="150" r="6" fill="#fff" />
      <circle cx="150" cy="170" r="6" fill="#fff" />
      <circle cx="96" cy="74" r="5" fill="#d1fadf" />
    </svg>
  );
}
