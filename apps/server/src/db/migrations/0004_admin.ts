import type { Migration } from "../migrate.ts";

/**
 * The review console (issue "Review console"): the audit log of staff actions, the flag that lets
 * a player replace an approved or pending profile's videos, and when a deletion request's e-mail
 * went out (a failed send is retried by processing the request again).
 */
export const adminMigration: Migration = {
  name: "0004_admin",
  sql: /* sql */ `
    create table audit_log (
      id uuid primary key,
      -- insertion order: entries written in the same millisecond still list newest first
      seq bigint generated always as identity,
      -- null for the create-staff command, or once the staff account itself is deleted;
      -- actor_username keeps who it was either way
      actor_id uuid references players(id) on delete set null,
      actor_username text not null,
      action text not null,
      target_type text not null,
      target_id text not null,
      detail text,
      created_at timestamptz not null
    );
    create index audit_log_order_idx on audit_log (created_at desc, seq desc);

    -- set when staff let the player submit the profile again (new videos); cleared when they do
    alter table player_profiles add column reupload_allowed_at timestamptz;
    -- the review queue: pending profiles, oldest submission first
    create index player_profiles_pending_idx on player_profiles (submitted_at, id) where review_status = 'pending';

    alter table deletion_requests add column email_sent_at timestamptz;
    create index deletion_requests_closed_idx on deletion_requests (closed_at desc) where status <> 'open';
    create index contact_messages_handled_idx on contact_messages (handled_at desc) where handled_at is not null;
  `,
};
