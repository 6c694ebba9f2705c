import type { Migration } from "../migrate.ts";

/**
 * The scout's workspace. A saved search can be opened as a list: last_opened_at is when the scout
 * last opened it, and new_since the mark the latest opening compared against (the opening before
 * it, or the search's creation), so every page of one visit marks the same players "New".
 * A trial invitation names its time of day (Lusaka time, HH:MM) beside its date and place;
 * invitations sent before this have none.
 */
export const scoutWorkspaceMigration: Migration = {
  name: "0016_scout_workspace",
  sql: /* sql */ `
    alter table scout_saved_searches add column last_opened_at timestamptz;
    alter table scout_saved_searches add column new_since timestamptz;
    alter table scout_requests add column trial_time text
      check (trial_time is null or trial_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
  `,
};
