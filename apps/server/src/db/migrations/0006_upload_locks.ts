import type { Migration } from "../migrate.ts";

/**
 * Locks of resumable uploads shared by every instance (issue "Production path"): tus allows one
 * request at a time per upload, and with several instances behind a load balancer the HEAD that
 * follows a dropped connection may reach another instance than the PATCH that still holds the
 * upload. A lock is a lease that its holder renews while the request runs; a waiter asks for it
 * with release_requested, and a crashed holder's lease simply runs out.
 */
export const uploadLocksMigration: Migration = {
  name: "0006_upload_locks",
  sql: /* sql */ `
    create table upload_locks (
      upload_id text primary key,
      holder text not null,
      expires_at timestamptz not null,
      release_requested boolean not null default false
    );
  `,
};
