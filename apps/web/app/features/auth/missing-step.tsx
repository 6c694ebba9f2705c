import { Link } from "react-router";
import { buttonClass } from "../../components/button.tsx";

/** Shown when a step of a journey is opened without what the earlier steps provide. */
export function MissingStep({ message, backTo, backLabel }: { message: string; backTo: string; backLabel: string }) {
  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Let's start again</h1>
      <p role="alert" className="text-slate-700">
        {message}
      </p>
      <Link to={backTo} className={buttonClass("primary")}>
        {backLabel}
      </Link>
    </div>
  );
}

/** Placeholder while the browser-only journey state is read (server render, hydration). */
export function StepLoading() {
  return (
    <p className="py-12 text-center text-slate-600" aria-live="polite">
      Loading…
    </p>
  );
}
