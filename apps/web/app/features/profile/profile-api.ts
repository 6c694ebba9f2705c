import { toPlayerInfoBody, type PlayerInfoResponse, type ProfileFieldsInput } from "@touchline/contract/profile";
import { apiFetch } from "../../lib/api.ts";

/** The profile calls, paths exactly as the published API names them. */
const BASE = "/api/Scouts/ScoutManagement";

export const getPlayerProfile = (playerId: string, signal?: AbortSignal) =>
  apiFetch<PlayerInfoResponse>(`${BASE}/GetScoutById/${encodeURIComponent(playerId)}`, { signal });

export const createPlayerProfile = ({ playerId, fields }: { playerId: string; fields: ProfileFieldsInput }) =>
  apiFetch<unknown>(`${BASE}/CreateNewScout`, { body: toPlayerInfoBody(playerId, fields) });
