import type { EvaluationInput } from "@touchline/contract/evaluation-schemas";
import type { PlayerEvaluations, ScoutEvaluations } from "@touchline/contract/evaluations";
import { apiFetch } from "../../lib/api.ts";

export const scoutEvaluationsQuery = (username: string) => ["scout-evaluations", username.toLowerCase()] as const;
export const PLAYER_EVALUATIONS_QUERY = ["player-evaluations"] as const;

const playerPath = (username: string) => `/api/scouts/players/${encodeURIComponent(username)}`;

export const fetchScoutEvaluations = (username: string) =>
  apiFetch<ScoutEvaluations>(`${playerPath(username)}/evaluations`);
export const saveEvaluation = ({ username, body }: { username: string; body: EvaluationInput }) =>
  apiFetch<{ message: string; evaluations: ScoutEvaluations }>(`${playerPath(username)}/evaluation`, {
    method: "PUT",
    body,
  });

type PlayerChanged = { message: string; evaluations: PlayerEvaluations };
export const fetchPlayerEvaluations = () => apiFetch<PlayerEvaluations>("/api/player/evaluations");
export const setEvaluationHidden = ({ id, hidden }: { id: string; hidden: boolean }) =>
  apiFetch<PlayerChanged>(`/api/player/evaluations/${encodeURIComponent(id)}/hidden`, { body: { hidden } });
export const reportEvaluation = ({ id, reason }: { id: string; reason: string }) =>
  apiFetch<PlayerChanged>(`/api/player/evaluations/${encodeURIComponent(id)}/report`, { body: { reason } });
