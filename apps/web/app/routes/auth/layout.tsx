import { Link, Outlet } from "react-router";
import { Logo } from "../../components/logo.tsx";

/** Account screens (/auth/*): a slim header with the logo and a way home, and one card. */
export default function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <meta name="robots" content="noindex" />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
          <Link
            to="/"
            aria-label="Touchline home"
            className="rounded focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <Logo />
          </Link>
          <Link to="/" className="rounded px-2 py-2 text-sm font-semibold text-brand-700 hover:underline">
            Back to Home
          </Link>
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:py-12">
        <div className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
