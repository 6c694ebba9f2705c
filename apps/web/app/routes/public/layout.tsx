import { Outlet } from "react-router";
import { SiteFooter } from "../../features/site/site-footer.tsx";
import { SiteHeader } from "../../features/site/site-header.tsx";

/**
 * Shared public layout: skip link, fixed header, the page, footer.
 * Pages render their sections straight into the one <main> here.
 */
export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-3 focus:font-semibold focus:text-brand-900 focus:shadow-lg"
      >
        Skip to main content
      </a>
      <SiteHeader />
      {/* tabIndex lets the skip link move keyboard focus, not just the scroll position. */}
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
