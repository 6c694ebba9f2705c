import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TALENT } from "@touchline/contract/messages";
import { readTalentQuery } from "@touchline/contract/talent";
import { TalentFilters } from "./talent-filters.tsx";
import { renderAt } from "../../test/talent-router.tsx";

/** The filters as the /players page renders them for a URL. */
const filtersFor = ({ search }: { search: string }) => {
  const { query, errors } = readTalentQuery(new URLSearchParams(search));
  return <TalentFilters key={search} query={query} errors={errors} />;
};
const location = () => screen.getByTestId("location").textContent;

describe("TalentFilters", () => {
  it("shows the filters of the URL in the fields", () => {
    renderAt(
      "/players?q=mwila&position=striker&foot=left&fitness=good&province=muchinga&minAge=16&maxAge=21&minHeight=170&maxHeight=190",
      filtersFor,
    );
    expect(screen.getByLabelText("Search by name")).toHaveValue("mwila");
    expect(screen.getByLabelText("Position")).toHaveValue("striker");
    expect(screen.getByLabelText("Preferred foot")).toHaveValue("left");
    expect(screen.getByLabelText("Fitness")).toHaveValue("good");
    expect(screen.getByLabelText("Province")).toHaveValue("muchinga");
    expect(screen.getByLabelText("Age from (years)")).toHaveValue(16);
    expect(screen.getByLabelText("Age to (years)")).toHaveValue(21);
    expect(screen.getByLabelText("Height from (cm)")).toHaveValue(170);
    expect(screen.getByLabelText("Height to (cm)")).toHaveValue(190);
    expect(screen.getByText(TALENT.ageBandNote)).toBeInTheDocument();
  });

  it("puts the chosen filters in the URL, without empty fields, starting again at page 1", async () => {
    const { user } = renderAt("/players?page=3", filtersFor);
    await user.type(screen.getByLabelText("Search by name"), "Chipo ");
    await user.selectOptions(screen.getByLabelText("Position"), "goalkeeper");
    await user.selectOptions(screen.getByLabelText("Province"), "north-western");
    await user.type(screen.getByLabelText("Age to (years)"), "18");
    await user.click(screen.getByRole("button", { name: "Show players" }));
    expect(location()).toBe("/players?q=Chipo&position=goalkeeper&province=north-western&maxAge=18#talent-list");
    // The page re-renders for the new URL and the fields keep what was chosen.
    expect(screen.getByLabelText("Position")).toHaveValue("goalkeeper");
  });

  it("carries 'confirmed by a coach' in the URL, and reads it back", async () => {
    const { user } = renderAt("/players?province=lusaka", filtersFor);
    expect(screen.getByLabelText(TALENT.endorsedLabel)).not.toBeChecked();
    await user.click(screen.getByLabelText(TALENT.endorsedLabel));
    await user.click(screen.getByRole("button", { name: "Show players" }));
    expect(location()).toBe("/players?province=lusaka&endorsed=1#talent-list");
    expect(screen.getByLabelText(TALENT.endorsedLabel)).toBeChecked();
  });

  it("clears every filter with one link, shown only when something is filtered", async () => {
    const { user } = renderAt("/players?foot=both&minHeight=180", filtersFor);
    await user.click(screen.getByRole("link", { name: "Clear filters" }));
    expect(location()).toBe("/players#talent-list");
    expect(screen.queryByRole("link", { name: "Clear filters" })).toBeNull();
    expect(screen.getByLabelText("Preferred foot")).toHaveValue("");
    expect(screen.getByLabelText("Height from (cm)")).toHaveValue(null);
  });

  it("says which filters of a mangled link were left out", () => {
    renderAt("/players?position=keeper&province=gauteng&minAge=40&maxAge=20", filtersFor);
    expect(screen.getByText(TALENT.filtersIgnored)).toBeInTheDocument();
    expect(screen.getByText(TALENT.provinceInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText("Province")).toHaveValue("");
    expect(screen.getByText(TALENT.positionInvalid)).toBeInTheDocument();
    expect(screen.getByText(TALENT.ageRangeReversed)).toBeInTheDocument();
    expect(screen.getByLabelText("Position")).toHaveValue("");
    expect(screen.getByLabelText("Age to (years)")).toHaveValue(20);
  });
});
