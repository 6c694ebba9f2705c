import type { ProfileChangeInput, ProfileDetailsInput } from "@touchline/contract/profile";
import type { ProfileEditAnswer, ProfileEditView } from "@touchline/contract/profile-edit";
import { apiFetch } from "../../lib/api.ts";

/** The player's edits after submitting: facts at once, words and media through review. */
export const PROFILE_EDIT_QUERY = ["player", "profile-edit"] as const;

export const getProfileEdit = (signal?: AbortSignal) =>
  apiFetch<ProfileEditView>("/api/player/profile/edit", { signal });

export const saveProfileDetails = (details: ProfileDetailsInput) =>
  apiFetch<ProfileEditAnswer>("/api/player/profile/details", { method: "PUT", body: details });

export const sendProfileChange = (change: ProfileChangeInput) =>
  apiFetch<ProfileEditAnswer>("/api/player/profile/changes", { body: change });

export const withdrawProfileChange = () =>
  apiFetch<ProfileEditAnswer>("/api/player/profile/changes", { method: "DELETE" });
