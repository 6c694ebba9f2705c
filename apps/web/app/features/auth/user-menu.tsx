import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";

const itemClass =
  "block w-full rounded-md px-3 py-2.5 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500";

/**
 * The username button and its list (Profile, Requests from scouts, Settings, Log out). A disclosure rather than an
 * ARIA menu: plain links and a button in a list work with every screen reader and keyboard
 * without the arrow-key contract role="menu" would promise.
 */
export function UserMenu({ username, onLogout }: { username: string; onLogout(): void }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 py-1 pr-3 pl-1 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-white uppercase"
        >
          {username.slice(0, 1)}
        </span>
        <span className="max-w-40 truncate">{username}</span>
        <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true" focusable="false">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
      >
        <li>
          <Link to="/player/profile" className={itemClass}>
            Profile
          </Link>
        </li>
        <li>
          <Link to="/player/requests" className={itemClass}>
            Requests from scouts
          </Link>
        </li>
        <li>
          <Link to="/player/settings" className={itemClass}>
            Settings
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={`${itemClass} text-red-700`}
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            Log out
          </button>
        </li>
      </ul>
    </div>
  );
}
