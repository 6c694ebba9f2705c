import { useEffect, useState } from "react";
import type { ToasterProps } from "sonner";
import { loadToastLibrary, onToastLibrary, toasterIsMounted } from "../lib/toast.ts";

type Toaster = typeof import("sonner").Toaster;

/**
 * Where toasts appear. Renders nothing until the toast library is loaded (lib/toast.ts: by the
 * first toast or the first form submitted), then sonner's Toaster with these settings.
 */
export function ToastHost(props: ToasterProps) {
  const [Toaster, setToaster] = useState<Toaster | null>(null);

  useEffect(() => onToastLibrary((sonner) => setToaster(() => sonner.Toaster)), []);

  // A toast usually follows a form sent: start the download as the form goes, not after the answer.
  useEffect(() => {
    const load = () => void loadToastLibrary().catch(() => undefined);
    document.addEventListener("submit", load, { capture: true, once: true });
    return () => document.removeEventListener("submit", load, { capture: true });
  }, []);

  // Runs after the Toaster's own effects (children's effects run first): it is listening now.
  // The waiting toasts go out a task later, so assistive technology has seen the empty live
  // region before text appears in it.
  useEffect(() => {
    if (!Toaster) return;
    const timer = setTimeout(toasterIsMounted, 0);
    return () => clearTimeout(timer);
  }, [Toaster]);

  return Toaster ? <Toaster {...props} /> : null;
}
