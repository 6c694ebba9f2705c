import type { PlayerContactRequest } from "@touchline/contract/talent";
import { apiFetch } from "../../lib/api.ts";

// The talent pages' calls to the API. Pages make them through useApiMutation.

export const sendPlayerContact = ({ username, request }: { username: string; request: PlayerContactRequest }) =>
  apiFetch<{ id: string; message: string }>(`/api/talent/players/${encodeURIComponent(username)}/contact`, {
    method: "POST",
    body: request,
  });
