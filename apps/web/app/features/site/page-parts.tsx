import type { ReactNode } from "react";

/** Building blocks the content pages share, so every page has the same rhythm and heading order. */

/** The top band of a content page: a small label, the page's one h1 and a lead paragraph. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="bg-brand-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {children ? <div className="mt-4 max-w-2xl text-lg leading-relaxed text-brand-50">{children}</div> : null}
      </div>
    </div>
  );
}

/** A titled band of a page; `tone` alternates backgrounds so long pages stay easy to scan. */
export function Section({
  id,
  title,
  intro,
  tone = "white",
  children,
}: {
  id?: string;
  title: string;
  intro?: ReactNode;
  tone?: "white" | "tint";
  children: ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={tone === "tint" ? "bg-brand-50" : "bg-white"}>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
          {title}
        </h2>
        {intro ? <div className="mt-3 max-w-2xl text-base leading-relaxed text-slate-700">{intro}</div> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** Running text of policy-style pages: readable line length, spaced paragraphs and lists. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-3xl space-y-4 text-base leading-relaxed text-slate-800 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_h2]:pt-6 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-brand-900 [&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6">
      {children}
    </div>
  );
}

/** A card with an icon, a title and a short text. */
export function InfoCard({ icon, title, children }: { icon?: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      {icon ? (
        <div className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
          {icon}
        </div>
      ) : null}
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <div className="text-base leading-relaxed text-slate-700">{children}</div>
    </div>
  );
}

/** A bulleted list with check marks (talent guidelines, benefits and similar). */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2 text-slate-800">
          <svg
            viewBox="0 0 24 24"
            className="mt-0.5 h-5 w-5 shrink-0 text-brand-700"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M5 12.5l4.5 4.5L19 7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
