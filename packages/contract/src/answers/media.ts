import * as z from "zod/mini";
import { MEDIA_KINDS, type UploadedMedia } from "../media.ts";
import type { AnswerSchema } from "./common.ts";

/** The final PATCH of an upload that passed the checks (written by tus, described here). */
export const uploadedMediaSchema: AnswerSchema<UploadedMedia> = z.object({
  fileId: z.string(),
  url: z.string(),
  kind: z.enum(MEDIA_KINDS),
  contentType: z.string(),
  size: z.number(),
  durationSeconds: z.optional(z.number()),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
});
