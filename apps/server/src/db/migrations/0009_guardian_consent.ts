import type { Migration } from "../migrate.ts";

/**
 * A parent's or guardian's consent for players under 18: one row per such player, with the
 * guardian's name and number, the state of their answer, the hash of the link sent to them and
 * the code that confirms a consent. A minor's profile is public only while the state is 'given'
 * (the talent list checks it, so a withdrawal takes the profile out of the list at once).
 * Players registered before this migration have no row: until they name a guardian in their
 * account, their profile stays out of public view if they are under 18.
 */
export const guardianConsentMigration: Migration = {
  name: "0009_guardian_consent",
  sql: /* sql */ `
    create table guardian_consents (
      player_id uuid primary key references players(id) on delete cascade,
      guardian_name text not null,
      -- E.164 (+260…)
      guardian_phone text not null,
      state text not null default 'waiting' check (state in ('waiting', 'given', 'withdrawn')),
      -- sha256 (hex) of the token in the SMS link; null until the first invitation is sent
      link_token_hash text unique,
      link_sent_at timestamptz,
      -- HMAC of the open confirmation code, its end and wrong tries so far
      code_hash text,
      code_expires_at timestamptz,
      code_attempts integer not null default 0,
      decided_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index guardian_consents_given_idx on guardian_consents (player_id) where state = 'given';
  `,
};
