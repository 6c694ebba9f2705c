import type { PlayerInfoInput, PlayerInfoResponse } from "@touchline/contract/profile";
import { apiFetch } from "../../lib/api.ts";

/** The profile calls of SPEC.md section 7, paths exactly as the spec's table. */
const BASE = "/api/Scouts/ScoutManagement";

export const getPlayerProfile = (scoutId: string, signal?: AbortSignal) =>
  apiFetch<PlayerInfoResponse>(`${BASE}/GetScoutById/${encodeURIComponent(scoutId)}`, { signal });

export const createPlayerProfile = (body: PlayerInfoInput) => apiFetch<unknown>(`${BASE}/CreateNewScout`, { body });
