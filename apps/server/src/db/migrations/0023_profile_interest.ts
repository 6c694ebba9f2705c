import type { Migration } from "../migrate.ts";

/**
 * Interest in public profiles, counted without keeping who looked (docs/decisions/0070).
 *
 * interest_salts: one random salt per Lusaka day, shared by every instance so that a visitor is
 * the same key on all of them. It is made on the day's first view and deleted once the day is
 * over, so yesterday's keys can never be recomputed from an address.
 *
 * interest_visits: the keys of today's visitors, HMAC(day's salt, address + user agent), per
 * profile, with when each last counted (a visitor counts again after an hour). Only the hash:
 * no address, no user agent. Emptied of every earlier day's rows.
 *
 * interest_daily: the counts per profile per Lusaka day (visitors; verified scouts who looked
 * that day), kept INTEREST_WINDOW_DAYS.
 *
 * interest_scout_views: which verified scout looked at which profile, with the last day they
 * did, so that a scout who looks every day counts once in the month. Deleted
 * INTEREST_WINDOW_DAYS after that day, and with the scout or the player.
 */
export const profileInterestMigration: Migration = {
  name: "0023_profile_interest",
  sql: /* sql */ `
    create table interest_salts (
      day date primary key,
      salt bytea not null check (octet_length(salt) = 32)
    );
    create table interest_visits (
      player_id uuid not null references players(id) on delete cascade,
      visitor_hash bytea not null check (octet_length(visitor_hash) = 32),
      day date not null,
      counted_at timestamptz not null,
      primary key (player_id, visitor_hash)
    );
    create index interest_visits_day_idx on interest_visits (day);
    create table interest_daily (
      player_id uuid not null references players(id) on delete cascade,
      day date not null,
      visitors integer not null default 0 check (visitors >= 0),
      scouts integer not null default 0 check (scouts >= 0),
      primary key (player_id, day)
    );
    create index interest_daily_day_idx on interest_daily (day);
    create table interest_scout_views (
      player_id uuid not null references players(id) on delete cascade,
      scout_id uuid not null references players(id) on delete cascade,
      last_day date not null,
      primary key (player_id, scout_id)
    );
    create index interest_scout_views_day_idx on interest_scout_views (last_day);
  `,
};
