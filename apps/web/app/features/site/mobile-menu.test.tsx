import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { describe, expect, it, onTestFinished } from "vitest";
import { MOBILE_MENU_SCRIPT } from "./mobile-menu-behaviour.ts";
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
    for (const link of HEADER_LINKS)
      expect(screen.getByRole("link", { name: link.label })).toHaveAttribute("href", link.to);
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

/**
 * On the plain-HTML public pages the menu is nothing but MOBILE_MENU_SCRIPT, run by the browser
 * from the page's text. These tests run that text inside a fresh frame React never touched,
 * compiled in the frame's own realm with only its globals in scope, so anything the stringified
 * function borrowed from its module (an import, a constant, a helper) would fail here.
 */
describe("MOBILE_MENU_SCRIPT on its own", () => {
  const MARKUP = `
    <header>
      <button type="button" aria-expanded="false" aria-controls="${MOBILE_MENU_ID}"><span>Menu</span></button>
      <div id="${MOBILE_MENU_ID}" hidden>
        <nav aria-label="Main menu"><ul><li><a href="/players">Talent</a></li><li><a href="/#features">Features</a></li></ul></nav>
      </div>
    </header>
    <main><a href="/about" id="outside">About</a></main>`;

  function plainPage({ markupFirst = true } = {}) {
    // A frame's own fresh document: focus and history need a browsing context, which a bare
    // document.implementation.createHTMLDocument() lacks.
    const frame = document.createElement("iframe");
    document.body.append(frame);
    onTestFinished(() => frame.remove());
    const doc = frame.contentDocument!;
    // The frame's globals (its own realm: its Element, Function, events).
    const win = frame.contentWindow as unknown as typeof globalThis;
    if (markupFirst) doc.body.innerHTML = MARKUP;
    // Run as the browser runs an inline script: its text alone, compiled in the frame's own
    // realm, so `document`, `Element` and the rest are the frame's globals and nothing else.
    const run = () => new win.Function(MOBILE_MENU_SCRIPT)();
    run();
    if (!markupFirst) doc.body.innerHTML = MARKUP;
    const button = doc.querySelector("button")!;
    const panel = doc.getElementById(MOBILE_MENU_ID)!;
    const click = (element: Element) => {
      // Links in this detached document lead nowhere; only the menu's reaction matters.
      element.addEventListener("click", (event) => event.preventDefault(), { once: true });
      element.dispatchEvent(new win.MouseEvent("click", { bubbles: true, cancelable: true }));
    };
    const press = (key: string) =>
      doc.activeElement!.dispatchEvent(new win.KeyboardEvent("keydown", { key, bubbles: true }));
    return { doc, win, run, button, panel, click, press };
  }

  it("is a self-contained expression over `document` alone", () => {
    expect(MOBILE_MENU_SCRIPT.startsWith("(")).toBe(true);
    expect(MOBILE_MENU_SCRIPT).toContain(JSON.stringify(MOBILE_MENU_ID));
    // Nothing a module or bundler would leave in: no import, require or export.
    expect(MOBILE_MENU_SCRIPT).not.toMatch(/\bimport\b|\brequire\(|\bexport\b|__vite|__name/);
  });

  it("toggles the panel and aria-expanded on click", () => {
    const { button, panel, click } = plainPage();
    expect(panel.hidden).toBe(true);
    click(button.querySelector("span")!);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(panel.hidden).toBe(false);
    click(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(panel.hidden).toBe(true);
  });

  it("focuses the first link on opening; Escape closes and returns focus to the button", () => {
    const { doc, button, panel, click, press } = plainPage();
    click(button);
    expect(doc.activeElement).toBe(panel.querySelector("a"));
    press("Escape");
    expect(panel.hidden).toBe(true);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(doc.activeElement).toBe(button);
    // Escape with the menu closed leaves focus where it is.
    doc.getElementById("outside")!.focus();
    press("Escape");
    expect(doc.activeElement).toBe(doc.getElementById("outside"));
  });

  it("closes when one of its links is followed, and ignores clicks elsewhere", () => {
    const { doc, button, panel, click } = plainPage();
    click(button);
    click(doc.getElementById("outside")!);
    expect(panel.hidden).toBe(false);
    click(panel.querySelectorAll("a")[1]!);
    expect(panel.hidden).toBe(true);
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes when the visitor goes back", () => {
    const { win, button, panel, click } = plainPage();
    click(button);
    win.dispatchEvent(new win.PopStateEvent("popstate"));
    expect(panel.hidden).toBe(true);
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("works for markup that appears after it ran, and running it twice wires nothing twice", () => {
    const { run, button, panel, click } = plainPage({ markupFirst: false });
    run();
    click(button);
    // Two sets of listeners would open and close again on the same click.
    expect(panel.hidden).toBe(false);
    expect(button.getAttribute("aria-expanded")).toBe("true");
  });
});
