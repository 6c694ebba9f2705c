/** What taking a slot gave: a slot, with its release, or why none. */
export type SlotTaken = { release: () => void } | { refused: "key-busy" | "full" };

/**
 * A fixed number of large request bodies read at once in this process, at most one per key (a
 * player): the bound on the memory that uploads arriving slowly, however many, can hold. A
 * request that finds no slot is refused before its body is read, never queued, since a queued
 * request would hold its connection and its sender's data for nothing.
 */
export function createBodySlots(max: number) {
  const held = new Set<string>();
  return {
    take(key: string): SlotTaken {
      if (held.has(key)) return { refused: "key-busy" };
      if (held.size >= max) return { refused: "full" };
      held.add(key);
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          held.delete(key);
        },
      };
    },
    /** How many slots are held now. */
    get inUse(): number {
      return held.size;
    },
  };
}

export type BodySlots = ReturnType<typeof createBodySlots>;
