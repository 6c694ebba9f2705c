/** The JSON body of every 4xx/5xx answer of our API (DESIGN.md "Bad input gets a clear error"). */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === "object" && value !== null && typeof (value as ApiErrorBody).message === "string";
}
