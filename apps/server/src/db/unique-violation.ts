/**
 * Whether the database refused a statement because a unique index already holds the value
 * (SQLSTATE 23505), looking through the causes drizzle wraps around the driver's error. Two
 * requests racing for the same name or number meet here: the loser's answer is a 409.
 */
export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolationOf(error) !== null;
}

/**
 * What the refused value collided with: the index's name and the driver's detail ("Key
 * (phone_number)=(…) already exists"), or null when the error is not a unique violation.
 */
export function uniqueViolationOf(error: unknown): { constraint: string; detail: string } | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { code, cause, constraint, detail } = current as Record<string, unknown>;
    if (code === "23505") return { constraint: String(constraint ?? ""), detail: String(detail ?? "") };
    current = cause;
  }
  return null;
}
