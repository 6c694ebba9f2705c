/**
 * Videos being sent, kept in the browser's storage (IndexedDB) until the server has them, so a
 * closed tab, a browser restart or a phone reboot loses nothing: the page offers to resume
 * without choosing the file again. Keys name the player and the field, so another account on
 * the same phone never sees them. idb-keyval is loaded when first needed, after the page works.
 */
const storage = () => import("idb-keyval");
export type KeepOutcome = "kept" | "no-room" | "unavailable";

export async function keepUpload(key: string, file: File): Promise<KeepOutcome> {
  try {
    await (await storage()).set(key, file);
    return "kept";
  } catch (error) {
    return (error as { name?: string })?.name === "QuotaExceededError" ? "no-room" : "unavailable";
  }
}

/** The file kept under key, if any (null also where the browser has no IndexedDB). */
export async function findKeptUpload(key: string): Promise<File | null> {
  try {
    const value: unknown = await (await storage()).get(key);
    return value instanceof File ? value : null;
  } catch {
    return null;
  }
}

export async function forgetKeptUpload(key: string): Promise<void> {
  try {
    await (await storage()).del(key);
  } catch {
    // Nothing kept, or no storage: nothing to free.
  }
}
