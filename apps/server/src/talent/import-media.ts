import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { Upload } from "@tus/server";
import type { MediaKind, UploadedMedia } from "@touchline/contract/media";
import { finishDepsOf, finishUpload, type FinishOptions } from "../media/finish-upload.ts";
import type { AppServices } from "../services.ts";

/**
 * Stores a file exactly as if its owner had uploaded it: the bytes go into the tus staging area
 * and then through finishUpload, the same checks and image re-encoding (WebP variants) every
 * upload gets. For the demo seed and tests, which need real media without an HTTP upload; those
 * that prepare a video themselves pass queuePreparation: false.
 */
export async function importMedia(
  services: AppServices,
  ownerId: string,
  kind: MediaKind,
  bytes: Uint8Array,
  options: FinishOptions = {},
): Promise<UploadedMedia> {
  const deps = finishDepsOf(services);
  const id = randomUUID();
  const { datastore } = deps.storage.uploads;
  await datastore.create(
    new Upload({ id, size: bytes.length, offset: 0, metadata: { kind }, creation_date: deps.now().toISOString() }),
  );
  await datastore.write(Readable.from([Buffer.from(bytes)]), id, 0);
  return finishUpload(deps, { id, ownerId, kind }, options);
}
