import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { MOBILE_MENU_ID, MobileMenu } from "./mobile-menu.tsx";
import { HEADER_LINKS } from "./site-links.ts";

function setup(initialPath = "/") {
  const user = userEvent.setup();
  const Shell = () => (
    <>
      <MobileMenu links={HEADER_LINKS} />
      <Outlet />
    </>
  );
  const router = createMemoryRouter(
    [
      {
        path: "/",
        Component: Shell,
        children: [
          { index: true, element: <h1>Home page</h1> },
          { path: "about", element: <h1>About page</h1> },
          { path: "*", element: <h1>Other page</h1> },
        ],
      },
    ],
    { initialEntries: [initialPath] },
  );
  render(<RouterProvider router={router} />);
  const toggle = screen.getByRole("button", { name: "Menu" });
  const panel = () => document.getElementById(MOBILE_MENU_ID)!;
  return { user, toggle, panel, router };
}

describe("MobileMenu", () => {
  it("starts closed, with the button pointing at the hidden panel", () => {
    const { toggle, panel } = setup();
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAttribute("aria-controls", MOBILE_MENU_ID);
    expect(panel()).not.toBeVisible();
  });

  it("opens on click, shows every header link and the download button, and moves focus into the menu", async () => {
    const { user, toggle, panel } = setup();
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(panel()).toBeVisible();
    const nav = screen.getByRole("navigation", { name: "Main menu" });
    for (const link of HEADER_LINKS) expect(screen.getByRole("link", { name: link.label })).toHaveAttribute("href", link.to);
    expect(screen.getByRole("link", { name: "Download App" })).toHaveAttribute("href", "/download");
    expect(nav.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toHaveTextContent("Talent");
  });

  it("closes when the button is pressed again", async () => {
    const { user, toggle, panel } = setup();
    await user.click(toggle);
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(panel()).not.toBeVisible();
  });

  it("opens from the keyboard and closes on Escape, returning focus to the button", async () => {
    const { user, toggle, panel } = setup();
    toggle.focus();
    await user.keyboard("{Enter}");
    expect(panel()).toBeVisible();
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(panel()).not.toBeVisible();
    expect(toggle).toHaveFocus();
  });

  it("closes after following one of its links", async () => {
    const { user, toggle, panel } = setup();
    await user.click(toggle);
    await user.click(screen.getByRole("link", { name: "About" }));
    expect(await screen.findByRole("heading", { name: "About page" })).toBeInTheDocument();
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(panel()).not.toBeVisible();
  });

  it("closes on a jump to a section of the page it is already on", async () => {
    const { user, toggle, panel, router } = setup("/");
    await user.click(toggle);
    await user.click(screen.getByRole("link", { name: "Features" }));
    expect(router.state.location.hash).toBe("#features");
    expect(panel()).not.toBeVisible();
  });
});
