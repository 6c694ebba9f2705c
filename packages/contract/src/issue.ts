import type * as z from "zod/mini";

/**
 * Records a refusal from inside a z.transform step. zod/mini hands a transform the parse payload
 * itself (no addIssue helper, unlike the full zod build), so this pushes the issue the way zod
 * does: the message, the value it is about, and the field's path when the step checks a whole
 * object. Return z.NEVER after it when the value cannot be used.
 */
export function addIssue(ctx: z.core.ParsePayload, message: string, path?: PropertyKey[]): void {
  ctx.issues.push({ code: "custom", message, input: ctx.value, ...(path ? { path } : {}) });
}
