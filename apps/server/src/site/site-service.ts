import { randomUUID } from "node:crypto";
import { DELETION_PROCESSING_DAYS } from "@touchline/contract/limits";
import type { ContactMessageInput, DeletionRequestInput } from "@touchline/contract/site";
import type { Database } from "../db/client.ts";
import { contactMessages, deletionRequests } from "../db/schema/site.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Stores what visitors send from the public site, for staff to handle in the review console. */
export function createSiteService(db: Database, now: () => Date) {
  return {
    async saveContactMessage(input: ContactMessageInput, source = "website") {
      const id = randomUUID();
      await db.insert(contactMessages).values({ id, ...input, source, createdAt: now() });
      return { id };
    },

    async saveDeletionRequest(input: DeletionRequestInput) {
      const id = randomUUID();
      const createdAt = now();
      const dueAt = new Date(createdAt.getTime() + DELETION_PROCESSING_DAYS * DAY_MS);
      await db.insert(deletionRequests).values({
        id,
        email: input.email.toLowerCase(),
        reason: input.reason ?? null,
        otherReason: input.reason === "other" ? (input.otherReason ?? null) : null,
        createdAt,
        dueAt,
      });
      return { id, dueAt: dueAt.toISOString() };
    },
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
