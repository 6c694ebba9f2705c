import type { Migration } from "../migrate.ts";

/**
 * Account-deletion requests are confirmed through the account before staff may carry them out:
 * by the link e-mailed to the request's address, or by the player asking while logged in.
 * Requests stored before this migration stay unconfirmed (no link was ever sent for them).
 */
export const deletionConfirmationMigration: Migration = {
  name: "0007_deletion_confirmation",
  sql: /* sql */ `
    alter table deletion_requests add column confirmed_at timestamptz;
    -- 'email-link' (the e-mailed link was opened) or 'account' (asked while logged in)
    alter table deletion_requests add column confirmed_via text;
    -- sha256 (hex) of the token in the e-mailed link; null when no link was sent
    alter table deletion_requests add column confirm_token_hash text unique;
    alter table deletion_requests add column confirm_expires_at timestamptz;
    create index deletion_requests_unconfirmed_idx on deletion_requests (created_at)
      where status = 'open' and confirmed_at is null;
  `,
};
