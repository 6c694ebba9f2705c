import { useEffect } from "react";
import { Link, NavLink } from "react-router";
import { buttonClass } from "../../components/button.tsx";
import { Icon } from "../../components/icons.tsx";
import { DOWNLOAD_APP_PATH, FOOTER_LINKS_ID, type SiteLink } from "./site-links.ts";
import { installMobileMenu, MOBILE_MENU_ID, MOBILE_MENU_SCRIPT } from "./mobile-menu-behaviour.ts";

export { MOBILE_MENU_ID };

/**
 * The header's menu on small screens: a disclosure button (aria-expanded, aria-controls) and
 * the panel it shows. The public pages are served without React's scripts
 * (lib/page-scripts.ts), so the behaviour is plain DOM code (mobile-menu-behaviour.ts) that
 * runs from an inline script as the page is parsed: no download, no framework. On a page that
 * React renders in the browser (reached by a client-side navigation) the effect installs the
 * same code; installing twice is harmless. The markup itself holds no state, so React and the
 * script never fight over it.
 */
export function MobileMenu({ links }: { links: readonly SiteLink[] }) {
  useEffect(() => installMobileMenu(document, MOBILE_MENU_ID), []);

  return (
    <>
      {/* Without JavaScript (data savers such as Opera Mini's extreme mode) the button could not
          open the menu: it is hidden and this link leads to the footer's list of every page. */}
      <noscript>
        <style>{`[aria-controls="${MOBILE_MENU_ID}"]{display:none!important}`}</style>
        <a href={`#${FOOTER_LINKS_ID}`} className={`${TOGGLE_CLASS} lg:hidden`}>
          <Icon name="menu" className="h-6 w-6" />
          <span className="sr-only">Menu</span>
        </a>
      </noscript>
      <button
        type="button"
        className={`group ${TOGGLE_CLASS} lg:hidden`}
        aria-expanded="false"
        aria-controls={MOBILE_MENU_ID}
      >
        <Icon name="menu" className="h-6 w-6 group-aria-expanded:hidden" />
        <Icon name="close" className="hidden h-6 w-6 group-aria-expanded:block" />
        <span className="sr-only">Menu</span>
      </button>
      <div
        id={MOBILE_MENU_ID}
        hidden
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
      {/* Runs while the page is parsed; the server lists its hash in the page's CSP. React
          never runs it again on the client, and its text differs between the server's and the
          browser's builds, hence suppressHydrationWarning. */}
      <script dangerouslySetInnerHTML={{ __html: MOBILE_MENU_SCRIPT }} suppressHydrationWarning />
    </>
  );
}

const TOGGLE_CLASS =
  "inline-flex h-11 w-11 items-center justify-center rounded-lg text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

function mobileLinkClass(active: boolean) {
  return `block rounded-lg px-3 py-3 text-base font-medium hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 ${
    active ? "bg-brand-50 text-brand-900" : "text-slate-800"
  }`;
}
