import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { readTalentQuery } from "@touchline/contract/talent";
import { TalentFilters } from "./talent-filters.tsx";

/** The filters as the /players page renders them for a URL. */
const filtersFor = ({ search }: { search: string }) => {
  const { query, errors } = readTalentQuery(new URLSearchParams(search));
  return <TalentFilters key={search} query={query} errors={errors} />;
};

describe("TalentFilters in the server's HTML", () => {
  it("is a GET form to the list, so it works before (and without) JavaScript", () => {
    const Stub = createRoutesStub([{ path: "/players", Component: () => filtersFor({ search: "" }) }]);
    const html = renderToString(<Stub initialEntries={["/players"]} />);
    const form = html.match(/<form[^>]*>/)![0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/players#talent-list"');
    for (const name of ["q", "position", "foot", "fitness", "minAge", "maxAge", "minHeight", "maxHeight"])
      expect(html).toContain(`name="${name}"`);
  });
});
