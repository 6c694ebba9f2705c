import { interestSentences, type InterestReader, type ProfileInterest } from "@touchline/contract/interest";

/**
 * How many looked at a profile, in plain sentences (the contract writes them), with what is and
 * is not counted under them. Never a name: the counts are all the server sends.
 */
export function InterestSummary({
  interest,
  reader,
  title,
  howCounted,
  notPublic,
}: {
  interest: ProfileInterest;
  reader: InterestReader;
  title: string;
  howCounted: string;
  notPublic: string;
}) {
  return (
    <section aria-labelledby="interest-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="interest-title" className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {interest.isPublic ? null : <p className="mt-1 text-sm text-amber-800">{notPublic}</p>}
      <ul className="mt-3 flex flex-col gap-2">
        {interestSentences(interest, reader).map((sentence) => (
          <li key={sentence} className="text-slate-800">
            {sentence}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-slate-600">{howCounted}</p>
    </section>
  );
}
