import { createAgeCheckStore } from "../ages/age-check-store.ts";
import type { Database } from "../db/client.ts";
import { ageDocumentKeys, type Storage } from "../media/storage.ts";
import type { Output } from "./progress.ts";

export interface AgeDocumentsMoved {
  /** Photos of checks still waiting, now in the bucket. */
  moved: number;
  /** Photos deleted from DATA_DIR (the moved ones, and those no waiting check named). */
  deleted: number;
  /** Photos that could not be copied: left in DATA_DIR, their checks cannot be verified. */
  failed: string[];
}

/**
 * Archives never hold identity documents (they must not outlive the check in a backup), so a move
 * to a bucket carries the photos of checks still waiting itself, straight from DATA_DIR to the
 * bucket, once the rows are committed in the target. Then it deletes every photo under
 * age-documents/ from DATA_DIR: no server sweeps that disk any more, and a child's document must
 * not stay on it. A photo whose copy fails stays where it was (nothing the player sent is lost
 * silently) and is named in the output; without it the moved check cannot be verified, only refused.
 */
export async function moveAgeDocuments(
  source: Storage,
  bucket: Storage,
  target: Database,
  output: Output,
): Promise<AgeDocumentsMoved> {
  const keys: string[] = [];
  for await (const object of source.list(ageDocumentKeys.prefix)) keys.push(object.key);
  const waiting = await createAgeCheckStore(target).pendingKeys(keys);
  const result: AgeDocumentsMoved = { moved: 0, deleted: 0, failed: [] };
  for (const key of keys) {
    if (waiting.has(key)) {
      try {
        await bucket.put(key, await source.get(key), { contentType: "image/webp" });
        result.moved += 1;
      } catch (error) {
        output.err(`The photo ${key} of an age check could not be copied to the bucket: ${(error as Error).message}`);
        result.failed.push(key);
        continue;
      }
    }
    await source.delete(key);
    result.deleted += 1;
  }
  if (keys.length > 0)
    output.out(
      `Identity documents waiting for an age check: ${result.moved} copied to the bucket; ${result.deleted} deleted from DATA_DIR.`,
    );
  return result;
}
