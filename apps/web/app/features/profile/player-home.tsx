import { Link } from "react-router";
import { buttonClass } from "../../components/button.tsx";
import { BENEFITS, CONTENT_GUIDELINES, TECHNICAL_SPECS } from "../../lib/talent-guidelines.ts";

const CARDS = [
  { id: "home-guidelines", title: "Content Guidelines", intro: "Show what you do best:", items: CONTENT_GUIDELINES },
  { id: "home-specs", title: "Technical Specs", intro: "Your video must meet these:", items: TECHNICAL_SPECS },
  { id: "home-benefits", title: "Benefits", intro: "What a profile brings you:", items: BENEFITS },
] as const;

/** /player/home: where a logged-in player starts. */
export function PlayerHome({ firstName }: { firstName: string }) {
  return (
    <div className="flex flex-col gap-8">
      <section
        aria-labelledby="player-home-title"
        className="rounded-2xl bg-gradient-to-br from-brand-900 to-brand-700 px-6 py-10 text-white sm:px-10 sm:py-14"
      >
        <p className="font-medium text-brand-100">Welcome, {firstName}</p>
        <h1 id="player-home-title" className="mt-2 max-w-2xl text-3xl font-bold sm:text-4xl">
          Showcase your skills and get scouted
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-white/90">
          Upload your best highlights so top Zambian clubs and scouts can see what you can do.
        </p>
        <Link
          to="/player/add-content"
          className="mt-6 inline-flex min-h-11 items-center justify-center rounded-lg bg-accent-400 px-6 py-2.5 text-base font-bold text-slate-900 hover:bg-accent-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Upload Video
        </Link>
      </section>

      <div className="grid gap-4 md:grid-cols-3">
        {CARDS.map((card) => (
          <section
            key={card.title}
            aria-labelledby={card.id}
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id={card.id} className="text-lg font-bold text-slate-900">
              {card.title}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{card.intro}</p>
            <ul className="mt-3 flex flex-col gap-2">
              {card.items.map((item) => (
                <li key={item} className="flex gap-2 text-slate-800">
                  <span aria-hidden="true" className="font-bold text-brand-600">
                    ✓
                  </span>
                  {item}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <p className="text-center">
        <Link to="/player/profile" className={buttonClass("secondary")}>
          View My Profile
        </Link>
      </p>
    </div>
  );
}
