import { randomUUID } from "node:crypto";
import type { AppInterest } from "@touchline/contract/app-interest";
import type { ContactMessageInput } from "@touchline/contract/site";
import type { Database } from "../db/client.ts";
import { createSiteStore } from "./site-store.ts";

/**
 * Stores contact messages from the public site, for staff to handle in the review console
 * (account-deletion requests: deletion-request-service.ts).
 */
export function createSiteService(db: Database, now: () => Date) {
  const store = createSiteStore(db);
  return {
    async saveContactMessage(input: ContactMessageInput, source = "website") {
      const id = randomUUID();
      await store.saveContactMessage({ id, ...input, source, createdAt: now() });
      return { id };
    },

    /**
     * A visitor asking to be told when the app is out, kept in the staff inbox beside the
     * contact messages (source 'app-launch'), with the phone number or e-mail they left.
     */
    async saveAppInterest(interest: AppInterest) {
      const id = randomUUID();
      await store.saveContactMessage({
        id,
        name: "App launch list",
        email: interest.email ?? "",
        phone: interest.phone,
        message: "Please tell me when the Touchline app is available.",
        source: "app-launch",
        createdAt: now(),
      });
      return { id };
    },
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
