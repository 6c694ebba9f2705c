export const MOBILE_MENU_ID = "site-mobile-menu";

/**
 * What the header's menu button does, as plain DOM code: it is sent to the browser as the text
 * of an inline script (MOBILE_MENU_SCRIPT), so it must stand alone: no imports and nothing from
 * this module's scope inside the function.
 *
 * The button toggles aria-expanded and the panel's `hidden`; opening moves focus to the first
 * link so keyboard and screen-reader users land in the menu; Escape closes it and returns focus
 * to the button; following any of its links (also to a section of the same page) or going back
 * closes it. Listeners sit on the document, so the markup may be rendered before or after this
 * runs, and again by React, without being wired up twice.
 */
export function installMobileMenu(doc: Document, panelId: string): void {
  const flagged = doc as Document & { touchlineMobileMenu?: boolean };
  if (flagged.touchlineMobileMenu) return;
  flagged.touchlineMobileMenu = true;

  const parts = () => {
    const panel = doc.getElementById(panelId);
    const button = doc.querySelector<HTMLElement>('[aria-controls="' + panelId + '"]');
    return panel && button ? { panel, button } : null;
  };
  const setOpen = (open: boolean) => {
    const menu = parts();
    if (!menu) return;
    menu.button.setAttribute("aria-expanded", String(open));
    menu.panel.hidden = !open;
    if (open) menu.panel.querySelector<HTMLElement>("a")?.focus();
  };

  doc.addEventListener("click", (event) => {
    const menu = parts();
    const target = event.target;
    if (!menu || !(target instanceof Element)) return;
    if (menu.button.contains(target)) setOpen(menu.button.getAttribute("aria-expanded") !== "true");
    else if (menu.panel.contains(target) && target.closest("a")) setOpen(false);
  });
  doc.addEventListener("keydown", (event) => {
    const menu = parts();
    if (event.key !== "Escape" || !menu || menu.panel.hidden) return;
    setOpen(false);
    menu.button.focus();
  });
  doc.defaultView?.addEventListener("popstate", () => setOpen(false));
}

/** The inline script of every page with the public header. */
export const MOBILE_MENU_SCRIPT = `(${installMobileMenu.toString()})(document,${JSON.stringify(MOBILE_MENU_ID)});`;
