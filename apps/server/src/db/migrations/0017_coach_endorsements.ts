import type { Migration } from "../migrate.ts";

/**
 * A coach who vouches for a player. One row per ask: the coach the player named (name, role,
 * club), the link texted to them (its SHA-256 only) and their one answer.
 *
 * The coach's number is kept only until the SMS has gone (coach_phone, null after); what stays
 * is coach_phone_hash, an HMAC of the number under the server's secret, so that the same coach
 * cannot be asked twice for one player while an ask waits or a confirmation stands (the unique
 * partial index), without the number itself being kept. A confirmation is public while its state
 * is 'confirmed': the talent list reads it, and filters on it, through the partial index on
 * player_id. Asks that ended otherwise are deleted COACH_ASK_HISTORY_DAYS after closed_at.
 */
export const coachEndorsementsMigration: Migration = {
  name: "0017_coach_endorsements",
  sql: /* sql */ `
    create table coach_endorsements (
      id uuid primary key,
      player_id uuid not null references players(id) on delete cascade,
      coach_name text not null,
      coach_role text not null check (coach_role in (
        'head-coach', 'assistant-coach', 'youth-coach', 'goalkeeper-coach', 'team-manager',
        'academy-director', 'club-official')),
      club text not null,
      -- the coach's number until the SMS has gone; null after
      coach_phone text,
      coach_phone_hash text not null,
      state text not null default 'pending'
        check (state in ('pending', 'confirmed', 'declined', 'expired', 'revoked', 'undelivered')),
      link_token_hash text,
      -- when the SMS went; null while it is held for the end of the night
      link_sent_at timestamptz,
      team text,
      since_month text check (since_month is null or since_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      answered_at timestamptz,
      -- when it stopped waiting or showing (declined, expired, revoked, undelivered)
      closed_at timestamptz,
      revoked_by uuid references players(id) on delete set null,
      revoke_reason text,
      created_at timestamptz not null,
      check (state <> 'confirmed' or (team is not null and since_month is not null and answered_at is not null))
    );
    create unique index coach_endorsements_open_idx on coach_endorsements (player_id, coach_phone_hash)
      where state in ('pending', 'confirmed');
    create unique index coach_endorsements_link_idx on coach_endorsements (link_token_hash)
      where link_token_hash is not null;
    create index coach_endorsements_confirmed_idx on coach_endorsements (player_id) where state = 'confirmed';
    create index coach_endorsements_console_idx on coach_endorsements (answered_at desc, id desc)
      where state = 'confirmed';
    create index coach_endorsements_player_idx on coach_endorsements (player_id, created_at desc);
    create index coach_endorsements_pending_idx on coach_endorsements (created_at) where state = 'pending';
    create index coach_endorsements_closed_idx on coach_endorsements (closed_at) where closed_at is not null;
  `,
};
