import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { buttonClass } from "../../components/button.tsx";
import { Icon } from "./icons.tsx";
import { DOWNLOAD_APP_PATH, type SiteLink } from "./site-links.ts";

export const MOBILE_MENU_ID = "site-mobile-menu";

/**
 * The header's menu on small screens: a disclosure button (aria-expanded, aria-controls) and
 * the panel it shows. Opening moves focus to the first link so keyboard and screen-reader
 * users land in the menu; Escape closes it and returns focus to the button; any navigation
 * (including to a section of the same page) closes it.
 */
export function MobileMenu({ links }: { links: readonly SiteLink[] }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // location.key changes on every navigation, also to "/#features" while already on "/".
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>("a")?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 lg:hidden"
        aria-expanded={open}
        aria-controls={MOBILE_MENU_ID}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name={open ? "close" : "menu"} />
        <span className="sr-only">Menu</span>
      </button>
      <div
        ref={panelRef}
        id={MOBILE_MENU_ID}
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg lg:hidden"
      >
        <nav aria-label="Main menu" className="mx-auto flex max-w-6xl flex-col px-4 py-3">
          <ul className="flex flex-col">
            {links.map((link) => (
              <li key={link.to}>
                {link.to.includes("#") ? (
                  <Link to={link.to} className={mobileLinkClass(false)}>
                    {link.label}
                  </Link>
                ) : (
                  <NavLink to={link.to} className={({ isActive }) => mobileLinkClass(isActive)}>
                    {link.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
          {/* A server redirect to the configured store link, so a full page load, not a route. */}
          <a href={DOWNLOAD_APP_PATH} className={buttonClass("primary", "mt-3 w-full")}>
            <Icon name="download" className="h-5 w-5" />
            Download App
          </a>
        </nav>
      </div>
    </>
  );
}

function mobileLinkClass(active: boolean) {
  return `block rounded-lg px-3 py-3 text-base font-medium hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 ${
    active ? "bg-brand-50 text-brand-900" : "text-slate-800"
  }`;
}
