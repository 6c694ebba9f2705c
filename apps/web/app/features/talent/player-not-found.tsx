import { Link } from "react-router";

// Apart from the player page: the contact page shows it for an unknown player, and importing it
// from there would load the whole profile (videos, coaches, age check) with the form.

/** Unknown, unapproved and expired usernames all get this page, with status 404. */
export function PlayerNotFound({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:py-24">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{text}</p>
      <Link
        to="/players#talent-list"
        className="mt-8 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900"
      >
        Browse players
      </Link>
    </div>
  );
}
