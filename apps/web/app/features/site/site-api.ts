import type { DeletionConfirmAnswer, DeletionRequestAnswer, DeletionRequestInput } from "@touchline/contract/site";
import { apiFetch } from "../../lib/api.ts";

// The public pages' calls to the API. Pages make them through useApiMutation.

export const requestDeletion = (body: DeletionRequestInput) =>
  apiFetch<DeletionRequestAnswer>("/api/site/deletion-requests", { method: "POST", body });

export const confirmDeletion = (token: string) =>
  apiFetch<DeletionConfirmAnswer>("/api/site/deletion-requests/confirm", { body: { token } });
