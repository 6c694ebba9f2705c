import { useEffect, useState, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Logo } from "../../components/logo.tsx";
import { PreloadPageCode } from "../../lib/preload-page-code.tsx";
import { UserMenu } from "./user-menu.tsx";

const MOBILE_MENU_ID = "player-mobile-menu";

/** Player area links: Talent and My Profile in the bar, and in the mobile menu every player page. */
const BAR_LINKS = [
  { label: "Talent", to: "/players" },
  { label: "My Profile", to: "/player/profile" },
] as const;
const MOBILE_LINKS = [
  { label: "Home", to: "/player/home" },
  { label: "Talent", to: "/players" },
  { label: "My Profile", to: "/player/profile" },
  { label: "Upload Video", to: "/player/add-content" },
  { label: "Requests from scouts", to: "/player/requests" },
  { label: "Settings", to: "/player/settings" },
] as const;

const barLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-2 text-sm font-semibold hover:text-brand-700 ${isActive ? "text-brand-700" : "text-slate-700"}`;

/** Top navigation bar of the player area. `inbox`: the link to the messages, with their unread count. */
export function PlayerNav({
  username,
  onLogout,
  inbox,
}: {
  username: string | null;
  onLogout(): void;
  inbox?: ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // Closed by every tap on a link, also the one to the page already open.
  useEffect(() => setMenuOpen(false), [location.key]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2">
        <Link
          to="/player/home"
          aria-label="Touchline player home"
          className="rounded focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <Logo />
        </Link>
        <nav aria-label="Player area" className="hidden items-center gap-6 md:flex">
          <ul className="flex items-center gap-4">
            {BAR_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={barLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {inbox}
          {username ? <UserMenu username={username} onLogout={onLogout} /> : null}
        </nav>
        {/* On a phone the count stays in the bar, beside the menu button. */}
        <div className="ml-auto md:hidden">{inbox}</div>
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            aria-hidden="true"
            focusable="false"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      <nav
        id={MOBILE_MENU_ID}
        aria-label="Player area menu"
        hidden={!menuOpen}
        className="border-t border-slate-200 px-4 pb-4 md:hidden"
      >
        {username ? (
          <p className="py-3 text-sm text-slate-600">
            Logged in as <strong className="text-slate-900">{username}</strong>
          </p>
        ) : null}
        <ul className="flex flex-col">
          {MOBILE_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-3 font-semibold ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-800"}`
                }
              >
                {link.label}
              </NavLink>
              {/* The player pages' files are fetched now, while there is a connection, so each
                  opens from this menu offline as well. */}
              {link.to.startsWith("/player/") ? <PreloadPageCode to={link.to} /> : null}
            </li>
          ))}
          {username ? (
            <li>
              <button
                type="button"
                onClick={onLogout}
                className="block w-full rounded-lg px-3 py-3 text-left font-semibold text-red-700"
              >
                Log out
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}
