import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
} from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Route } from "./+types/root";
import { ToastHost } from "./components/toast-host.tsx";
import { toastPageChanged } from "./lib/toast.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { pageHydrates } from "./lib/page-scripts.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";
import stylesheet from "./app.css?url";

// The stylesheet is a link of the root route rather than a module import: imported, it would
// belong to the root's script file, and React Router counts a stylesheet among those loaded on
// demand (and leaves it out of the page) once code loaded on demand imports that file, which
// the script file grouping (build-tools/chunk-groups.ts) may well make it do.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

/** Below the sticky headers of every area (61 px high) with a little air. */
const TOAST_TOP_PX = 72;

export function Layout({ children }: { children: React.ReactNode }) {
  // Plain-HTML pages (lib/page-scripts.ts) get no scripts at all, and so no toaster either.
  // Decided by the page the server renders: in a browser this code only runs when the first page
  // was hydrated, and then scroll restoration and the toaster stay mounted, also on plain pages
  // reached by a client-side navigation.
  const matches = useMatches();
  const hydrate = typeof document !== "undefined" || pageHydrates(matches);
  const { pathname } = useLocation();
  useEffect(toastPageChanged, [pathname]);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#027a48" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        {hydrate ? (
          <>
            {/* At the top, below the header: never over its logo, menu or log-out controls, nor
                over a form's button at the bottom of a phone's screen with the keyboard open. */}
            <ToastHost
              position="top-center"
              offset={{ top: TOAST_TOP_PX }}
              mobileOffset={{ top: TOAST_TOP_PX }}
              richColors
              closeButton
              visibleToasts={1}
            />
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  // One client per page load (useState), never a module singleton shared by server renders.
  const [queryClient] = useState(createQueryClient);
  useEffect(registerServiceWorker, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-4 text-slate-600">
        {notFound ? "The page you are looking for does not exist or has moved." : "Please try again in a moment."}
      </p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white">
        Back to Home
      </a>
    </main>
  );
}
