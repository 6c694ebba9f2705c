import type { Migration } from "../migrate.ts";

/**
 * Each scout request to a player under 18 texts the guardian a link of its own, which opens only
 * that request: the guardian's lasting link (guardian_consents.link_token_hash), kept to manage
 * or withdraw consent, is never replaced by one. Requests sent before this migration have none.
 */
export const guardianRequestLinksMigration: Migration = {
  name: "0012_guardian_request_links",
  sql: /* sql */ `
    -- sha256 (hex) of the token in the SMS about this request; null when no guardian was texted
    alter table scout_requests add column guardian_link_hash text unique;
  `,
};
