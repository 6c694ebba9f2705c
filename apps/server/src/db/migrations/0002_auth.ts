import type { Migration } from "../migrate.ts";

/**
 * Player accounts: players, server-side sessions, SMS codes and their send log,
 * password-reset tokens, and the rate-limit counters shared by every instance.
 * Secrets are never stored as-is: sessions, codes and reset tokens are kept as hashes.
 */
export const authMigration: Migration = {
  name: "0002_auth",
  sql: /* sql */ `
    create table players (
      id uuid primary key,
      first_name text not null,
      last_name text not null,
      username text not null,
      -- lower-cased username: usernames are unique regardless of case
      username_key text not null unique,
      date_of_birth date not null,
      email text not null unique,
      phone_number text not null unique,
      password_hash text not null,
      role text not null default 'player' check (role in ('player', 'reviewer', 'admin')),
      phone_verified_at timestamptz,
      password_changed_at timestamptz,
      created_at timestamptz not null default now()
    );

    create table sessions (
      id text primary key,
      player_id uuid not null references players(id) on delete cascade,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      remember boolean not null default false,
      user_agent text
    );
    create index sessions_player_idx on sessions (player_id);
    create index sessions_expires_idx on sessions (expires_at);

    create table otp_codes (
      id uuid primary key,
      phone text not null,
      purpose text not null check (purpose in ('registration', 'reset')),
      code_hash text not null,
      expires_at timestamptz not null,
      attempts integer not null default 0,
      consumed_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index otp_codes_open_idx on otp_codes (phone, purpose) where consumed_at is null;

    create table otp_sends (
      id uuid primary key,
      phone text not null,
      sent_at timestamptz not null
    );
    create index otp_sends_phone_idx on otp_sends (phone, sent_at);

    create table reset_tokens (
      token_hash text primary key,
      player_id uuid not null references players(id) on delete cascade,
      phone text not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index reset_tokens_player_idx on reset_tokens (player_id);

    create table rate_limit_hits (
      bucket text not null,
      key text not null,
      window_start timestamptz not null,
      hits integer not null default 0,
      primary key (bucket, key, window_start)
    );
  `,
};
