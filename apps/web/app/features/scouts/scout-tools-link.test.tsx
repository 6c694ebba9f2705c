import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render.tsx";
import { forgetScoutBrowser, markScoutBrowser, SCOUT_MARK } from "./scout-mark.ts";
import { ScoutToolsLink, showScoutTools } from "./scout-tools-link.tsx";

/** The public player page's request link, marked as the visitors' part like the page marks it. */
const renderPage = () =>
  renderScreen(
    <>
      <p data-scout-tools="visitor">
        <a href="/players/mwila/contact">Send a request about Mwila</a>
      </p>
      <ScoutToolsLink username="mwila" firstName="Mwila" />
    </>,
  );

describe("ScoutToolsLink", () => {
  afterEach(() => forgetScoutBrowser());

  it("shows visitors the request link and the way to join, and hides the scout link", () => {
    renderPage();
    showScoutTools(document, SCOUT_MARK);
    expect(screen.getByRole("link", { name: "Send a request about Mwila" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Join as a verified scout" })).toBeVisible();
    expect(screen.queryByRole("link", { name: "Open Mwila in your scout area" })).not.toBeInTheDocument();
  });

  it("gives a logged-in scout's browser a link to their page of the player instead of the request link", async () => {
    markScoutBrowser();
    renderPage();
    showScoutTools(document, SCOUT_MARK);
    const link = await screen.findByRole("link", { name: "Open Mwila in your scout area" });
    expect(link).toHaveAttribute("href", "/scouts/players/mwila");
    expect(screen.queryByRole("link", { name: "Send a request about Mwila" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Join as a verified scout" })).not.toBeInTheDocument();
  });
});
