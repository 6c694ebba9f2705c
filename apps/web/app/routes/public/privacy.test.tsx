import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { DELIVERY_RETENTION_DAYS_DEFAULT } from "@touchline/contract/limits";
import { ACCOUNT_DELETION, COACH_PRIVACY, PRIVACY } from "@touchline/contract/messages";
import Privacy from "./privacy.tsx";

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: "/privacy", Component: Privacy }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
}

describe("privacy page", () => {
  it("acknowledges a deletion request when opened from the deletion flow", async () => {
    renderAt("/privacy?deletionRequested=1");
    expect(await screen.findByRole("status")).toHaveTextContent(ACCOUNT_DELETION.deletionReceived);
    expect(ACCOUNT_DELETION.deletionReceived).toContain("30 days");
    // What happens next: the request waits for the link e-mailed to the address.
    expect(ACCOUNT_DELETION.deletionReceived).toContain("Check your e-mail and open the link we sent to confirm it");
  });

  it("shows no acknowledgement on a normal visit", () => {
    renderAt("/privacy");
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    expect(screen.getByText("Last updated March 9, 2025")).toBeInTheDocument();
  });

  it("has every published section and the links back", () => {
    renderAt("/privacy");
    for (const heading of [
      "Information we collect",
      "How we use your information",
      "Sharing your information",
      "Data security",
      "Your rights and choices",
      "Cookies",
      "Children under 13",
      "Changes to this policy",
      "Contact us",
    ]) {
      expect(screen.getByRole("heading", { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(screen.getByRole("link", { name: "account deletion page" })).toHaveAttribute("href", "/delete");
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Back to App" })).toHaveAttribute("href", "/download");
  });

  it("says what is kept about a coach a player asks, who sees it and for how long", () => {
    renderAt("/privacy");
    const heading = screen.getByRole("heading", { level: 2, name: "Coaches who vouch for you" });
    expect(heading.nextElementSibling).toHaveTextContent(COACH_PRIVACY);
    for (const part of [
      "only until our SMS to them has gone",
      "until our staff have checked it",
      "never their name or number",
      "for 30 days",
    ])
      expect(COACH_PRIVACY).toContain(part);
  });

  it("says how long delivery records are kept, and that a deletion takes the messages about the person", () => {
    renderAt("/privacy");
    const heading = screen.getByRole("heading", { level: 2, name: "Messages we send" });
    expect(heading.nextElementSibling).toHaveTextContent(PRIVACY.messages);
    expect(PRIVACY.messages).toContain(`for ${DELIVERY_RETENTION_DAYS_DEFAULT} days, then delete that record`);
    expect(screen.getByText(PRIVACY.deletion, { exact: false })).toBeInTheDocument();
    expect(PRIVACY.deletion).toContain("the messages sent to your parent or guardian");
  });
});
