import { mediaUrl } from "@touchline/contract/profile";
import { apiFetch } from "../../lib/api.ts";

// The upload field's calls to the API besides the upload itself (tus-upload.ts). Made through
// useApiMutation.

/** Deletes an uploaded file the player no longer wants. */
export const deleteMedia = (fileId: string) => apiFetch<void>(mediaUrl(fileId), { method: "DELETE" });
