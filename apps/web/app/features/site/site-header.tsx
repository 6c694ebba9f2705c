import { Link, NavLink } from "react-router";
import { buttonClass } from "../../components/button.tsx";
import { Icon } from "../../components/icons.tsx";
import { Logo } from "../../components/logo.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { DOWNLOAD_APP_PATH, HEADER_LINKS } from "./site-links.ts";

/** Fixed header of every public page: logo, navigation, Download App, and the mobile menu below lg. */
export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Link
          to="/"
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                {link.to.includes("#") ? (
                  <Link to={link.to} className={desktopLinkClass(false)}>
                    {link.label}
                  </Link>
                ) : (
                  <NavLink to={link.to} className={({ isActive }) => desktopLinkClass(isActive)}>
                    {link.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {/* A server redirect to APP_DOWNLOAD_URL, so a full page load rather than a route. */}
          <a href={DOWNLOAD_APP_PATH} className={buttonClass("primary", "min-h-10 px-4 py-2 text-sm max-sm:hidden")}>
            <Icon name="download" className="h-4 w-4" />
            Download App
          </a>
          <MobileMenu links={HEADER_LINKS} />
        </div>
      </div>
    </header>
  );
}

function desktopLinkClass(active: boolean) {
  return `rounded-lg px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-500 ${
    active ? "text-brand-700 underline decoration-2 underline-offset-8" : "text-slate-700"
  }`;
}
