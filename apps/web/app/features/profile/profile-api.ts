import { toPlayerInfoBody, type PlayerInfoResponse, type ProfileFieldsInput } from "@touchline/contract/profile";
import { apiFetch } from "../../lib/api.ts";

/** The profile calls, paths exactly as the published API names them. */
const BASE = "/api/Scouts/ScoutManagement";

export const getPlayerProfile = (playerId: string, signal?: AbortSignal) =>
  apiFetch<PlayerInfoResponse>(`${BASE}/GetScoutById/${encodeURIComponent(playerId)}`, { signal });

/** Sends a profile whose public time ended back to review (approval makes it public again). */
export const renewProfile = () =>
  apiFetch<{ message: string }>("/api/player/profile/renew", { method: "POST", body: {} });

export const createPlayerProfile = ({ playerId, fields }: { playerId: string; fields: ProfileFieldsInput }) =>
  apiFetch<unknown>(`${BASE}/CreateNewScout`, { body: toPlayerInfoBody(playerId, fields) });
