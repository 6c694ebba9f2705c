import type { Migration } from "../migrate.ts";

/**
 * When a held SMS may go. An SMS over the person's daily cap is held for the next morning rather
 * than dropped; null for one held for the quiet hours, which goes as soon as they end. The sweep
 * releases a held SMS once its time has come (the read stays on the (state, created_at) index).
 */
export const heldUntilMigration: Migration = {
  name: "0022_held_until",
  sql: /* sql */ `
    alter table notification_deliveries add column held_until timestamptz;
  `,
};
