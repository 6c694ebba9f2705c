import type { ExternalToast } from "sonner";

/**
 * Toasts, with the toast library downloaded only when a page first needs it.
 *
 * sonner is about 10 KiB of compressed JavaScript that most visits never use (a toast follows a
 * form sent or an action taken), so pages do not load it up front. The first toast, or the first
 * form submitted (whichever comes first), loads it; ToastHost (components/toast-host.tsx) then
 * mounts sonner's Toaster, and only once its live region is in the page are the waiting toasts
 * shown, in the order they were asked for, so screen readers announce them too.
 */
type Sonner = typeof import("sonner");
type Kind = "success" | "error" | "info" | "warning";

let library: Promise<Sonner> | undefined;
let markToasterMounted!: () => void;
/** Settles once a ToastHost has its Toaster in the page; toasts wait for it. */
const toasterMounted = new Promise<void>((resolve) => {
  markToasterMounted = resolve;
});
const hosts = new Set<(sonner: Sonner) => void>();

/**
 * Starts downloading sonner (once) and tells every mounted host to render its Toaster. A failed
 * download (offline) is forgotten, so the next toast tries again.
 */
export function loadToastLibrary(): Promise<Sonner> {
  library ??= import("sonner").then(
    (sonner) => {
      for (const host of hosts) host(sonner);
      return sonner;
    },
    (error: unknown) => {
      library = undefined;
      throw error;
    },
  );
  return library;
}

/**
 * Lets a ToastHost know when sonner is ready (at once if it already is); returns the unsubscribe.
 * The host calls toasterIsMounted after its Toaster's effects ran, which releases the waiting
 * toasts.
 */
export function onToastLibrary(render: (sonner: Sonner) => void): () => void {
  hosts.add(render);
  library?.then(render, () => undefined);
  return () => hosts.delete(render);
}

/** Called by ToastHost once its Toaster is in the page and listening. */
export function toasterIsMounted(): void {
  markToasterMounted();
}

/** Every toast waits for the library and the Toaster, then shows in the order it was asked for. */
let queue: Promise<unknown> = Promise.resolve();
function whenReady(show: (sonner: Sonner) => void): void {
  const ready = Promise.all([loadToastLibrary(), toasterMounted]);
  queue = queue.then(() => ready).then(([sonner]) => show(sonner), reportFailure);
}

/** Without the library (offline, a failed download) the page's own messages still say what happened. */
function reportFailure(error: unknown): void {
  console.warn("Could not show a notification", error);
}

/**
 * A toast given an id replaces the one shown under that id (a code "sent" becomes "verified").
 * sonner updates a toast of the same id in place, but drops the update when that toast has begun
 * to close (its closing animation), so the news would never show. The caller's id therefore names
 * a slot: its toast is updated in place while open, and once it has begun to close the next toast
 * of the slot gets an id of its own.
 */
const slots = new Map<string | number, { id: string; closing: boolean }>();
let shown = 0;

function showInSlot(sonner: Sonner, kind: Kind, message: string, options: ExternalToast & { id: string | number }) {
  const slot = options.id;
  const open = slots.get(slot);
  const current = open && !open.closing ? open : { id: `${slot}#${++shown}`, closing: false };
  slots.set(slot, current);
  const closing = () => {
    current.closing = true;
  };
  sonner.toast[kind](message, {
    ...options,
    id: current.id,
    onDismiss: (closed) => {
      closing();
      options.onDismiss?.(closed);
    },
    onAutoClose: (closed) => {
      closing();
      options.onAutoClose?.(closed);
    },
  });
}

/**
 * One toast at a time: a new one closes the one before (whatever its slot), so a failed log-in
 * after a registration never shows a stale "Registration successful" beside its error.
 */
let latest: { id: string | number; shownAt: number; pagesSeen: number } | undefined;

const show = (kind: Kind) => (message: string, options?: ExternalToast) =>
  whenReady((sonner) => {
    let id: string | number;
    if (options?.id === undefined) id = sonner.toast[kind](message, options);
    else {
      showInSlot(sonner, kind, message, { ...options, id: options.id });
      id = slots.get(options.id)!.id;
    }
    if (latest && latest.id !== id) sonner.toast.dismiss(latest.id);
    latest = { id, shownAt: Date.now(), pagesSeen: 0 };
  });

/**
 * How long before moving to another page a toast may have been shown and still go along: the
 * outcome of the action that moved ("Login successful" on the way to the player's home).
 */
const CARRIED_WITHIN_MS = 2_000;

/**
 * The app moved to another page: a toast belongs to the page it was shown on, save the one
 * announcing this move, which goes along once.
 */
export function toastPageChanged(): void {
  const current = latest;
  if (!current || !library) return;
  current.pagesSeen += 1;
  if (current.pagesSeen === 1 && Date.now() - current.shownAt <= CARRIED_WITHIN_MS) return;
  latest = undefined;
  whenReady((sonner) => sonner.toast.dismiss(current.id));
}

export const toast = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  warning: show("warning"),
  /** Dismisses one toast (by id) or all of them; nothing to do before any was shown. */
  dismiss(id?: string | number): void {
    if (!library) return;
    whenReady((sonner) => {
      if (id === undefined) {
        slots.clear();
        sonner.toast.dismiss();
        return;
      }
      const current = slots.get(id);
      slots.delete(id);
      sonner.toast.dismiss(current?.id ?? id);
    });
  },
};
