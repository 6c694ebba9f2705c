import type { Migration } from "../migrate.ts";

/**
 * Club and academy scouts. A scout is an account (players table, role 'scout') with a row in
 * scout_accounts: the organisation, the proof staff check, and the account's standing. The
 * scout's shortlists, saved searches, and the requests they send players live beside it.
 * A request is accepted only when the player and, for a player under 18, the guardian have
 * both accepted; one open request per scout and player (the partial unique index).
 */
export const scoutsMigration: Migration = {
  name: "0010_scouts",
  sql: /* sql */ `
    alter table players drop constraint if exists players_role_check;
    alter table players add constraint players_role_check
      check (role in ('player', 'reviewer', 'admin', 'scout'));

    create table scout_accounts (
      account_id uuid primary key references players(id) on delete cascade,
      organisation text not null,
      organisation_kind text not null check (organisation_kind in ('club', 'academy', 'agency', 'national-team')),
      role_title text not null,
      country text not null,
      proof_url text not null,
      email_confirmed_at timestamptz,
      -- sha256 (hex) of the token in the e-mailed link
      email_token_hash text unique,
      email_token_sent_at timestamptz,
      state text not null default 'unverified'
        check (state in ('unverified', 'verified', 'rejected', 'suspended')),
      state_reason text,
      state_changed_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index scout_accounts_state_idx on scout_accounts (state, created_at);

    create table scout_shortlists (
      id uuid primary key,
      scout_id uuid not null references players(id) on delete cascade,
      name text not null,
      name_key text not null,
      created_at timestamptz not null default now(),
      unique (scout_id, name_key)
    );

    create table scout_shortlist_entries (
      shortlist_id uuid not null references scout_shortlists(id) on delete cascade,
      player_id uuid not null references players(id) on delete cascade,
      note text not null default '',
      added_at timestamptz not null default now(),
      primary key (shortlist_id, player_id)
    );

    create table scout_saved_searches (
      id uuid primary key,
      scout_id uuid not null references players(id) on delete cascade,
      name text not null,
      -- the talent list's URL parameters
      filters jsonb not null,
      channel text not null check (channel in ('sms', 'email')),
      subscribed boolean not null default true,
      -- sha256 (hex) of the one-tap unsubscribe token in each digest
      unsubscribe_token_hash text not null unique,
      -- players public since this moment are new to the next digest
      last_digest_at timestamptz not null,
      created_at timestamptz not null default now()
    );
    create index scout_saved_searches_due_idx on scout_saved_searches (last_digest_at) where subscribed;

    create table scout_requests (
      id uuid primary key,
      scout_id uuid not null references players(id) on delete cascade,
      player_id uuid not null references players(id) on delete cascade,
      kind text not null check (kind in ('contact', 'trial')),
      message text not null,
      trial_date date,
      trial_place text,
      state text not null default 'open' check (state in ('open', 'accepted', 'declined')),
      player_answer text check (player_answer in ('accepted', 'declined')),
      -- null when no guardian needs to answer; 'waiting' until they do
      guardian_answer text check (guardian_answer in ('waiting', 'accepted', 'declined')),
      -- the guardian who answered, copied so the scout sees who accepted even if it changes later
      guardian_name text,
      guardian_phone text,
      sent_at timestamptz not null,
      answered_at timestamptz
    );
    create unique index scout_requests_one_open_idx on scout_requests (scout_id, player_id) where state = 'open';
    create index scout_requests_player_idx on scout_requests (player_id, sent_at desc);
    create index scout_requests_scout_idx on scout_requests (scout_id, sent_at desc);

    create table scout_blocks (
      player_id uuid not null references players(id) on delete cascade,
      scout_id uuid not null references players(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (player_id, scout_id)
    );

    create table scout_reports (
      id uuid primary key,
      scout_id uuid not null references players(id) on delete cascade,
      player_id uuid not null references players(id) on delete cascade,
      reason text not null,
      created_at timestamptz not null default now(),
      handled_at timestamptz
    );
    create index scout_reports_open_idx on scout_reports (created_at) where handled_at is null;
  `,
};
