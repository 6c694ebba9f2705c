import { APP_STORE_PATH, GOOGLE_PLAY_PATH } from "./site-links.ts";

/**
 * App Store and Google Play buttons drawn with our own SVG and text instead of the stores'
 * badge images: no third-party request, a few hundred bytes, and real text for screen readers.
 * Both links are server redirects to the configured store pages (full page loads).
 */
export function StoreBadges({ className = "" }: { className?: string }) {
  return (
    <div className={`flex flex-wrap gap-3 ${className}`}>
      <a href={APP_STORE_PATH} className={badgeClass}>
        <svg viewBox="0 0 24 24" className="h-7 w-7 shrink-0" fill="currentColor" aria-hidden="true" focusable="false">
          <path d="M16.4 12.6c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9s-1.9-.9-3.1-.8c-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.4-1-2.4-3.7zM14.2 5.6c.6-.8 1.1-1.8 1-2.9-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.8 1 .1 2.1-.5 2.7-1.3z" />
        </svg>
        <span className="flex flex-col leading-tight">
          <span className="text-xs">Download on the</span>
          <span className="text-lg font-semibold">App Store</span>
        </span>
      </a>
      <a href={GOOGLE_PLAY_PATH} className={badgeClass}>
        <svg viewBox="0 0 24 24" className="h-7 w-7 shrink-0" aria-hidden="true" focusable="false">
          <path d="M4 2.8l10.2 9.2L4 21.2c-.3-.2-.5-.6-.5-1.1V3.9c0-.5.2-.9.5-1.1z" fill="#34d399" />
          <path d="M17.4 8.9L14.2 12 4 2.8c.3-.2.8-.2 1.2 0z" fill="#60a5fa" />
          <path d="M17.4 15.1L5.2 21.2c-.4.2-.9.2-1.2 0L14.2 12z" fill="#f87171" />
          <path d="M17.4 8.9l3 1.6c1 .6 1 2.4 0 3l-3 1.6-3.2-3.1z" fill="#fbbf24" />
        </svg>
        <span className="flex flex-col leading-tight">
          <span className="text-xs uppercase">Get it on</span>
          <span className="text-lg font-semibold">Google Play</span>
        </span>
      </a>
    </div>
  );
}

const badgeClass =
  "inline-flex min-h-14 items-center gap-3 rounded-xl border border-slate-600 bg-slate-950 px-4 py-2 text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400";
