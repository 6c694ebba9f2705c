import { randomUUID } from "node:crypto";
import type { ContactMessageInput } from "@touchline/contract/site";
import type { Database } from "../db/client.ts";
import { contactMessages } from "../db/schema/site.ts";

/**
 * Stores contact messages from the public site, for staff to handle in the review console
 * (account-deletion requests: deletion-request-service.ts).
 */
export function createSiteService(db: Database, now: () => Date) {
  return {
    async saveContactMessage(input: ContactMessageInput, source = "website") {
      const id = randomUUID();
      await db.insert(contactMessages).values({ id, ...input, source, createdAt: now() });
      return { id };
    },
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
