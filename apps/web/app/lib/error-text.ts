import { REQUEST_FAILED } from "@touchline/contract/messages";
import { ApiError } from "./api.ts";

/**
 * What a failed call says to the person: the server's own words when it answered (ApiError,
 * which also covers a lost connection), else `fallback`.
 */
export function errorText(error: unknown, fallback: string = REQUEST_FAILED.unexpectedError): string {
  return error instanceof ApiError ? error.message : fallback;
}
