import type { Migration } from "../migrate.ts";

/**
 * A suspension remembers the state it interrupted (`unverified` or `verified`), so restoring a
 * scout returns them to it instead of making them verified. Scouts suspended before this
 * migration have no earlier state recorded: a restore takes them back to `unverified`, and
 * staff verify them again.
 */
export const scoutStatesMigration: Migration = {
  name: "0011_scout_states",
  sql: /* sql */ `
    alter table scout_accounts add column state_before_suspension text
      check (state_before_suspension in ('unverified', 'verified'));
  `,
};
