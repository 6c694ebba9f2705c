import type { Migration } from "../migrate.ts";

/**
 * Public talent discovery (issue "Talent discovery"): indexes for the public list's filters, and
 * contact requests about a player kept in the staff inbox (contact_messages).
 *
 * Every public query reads approved profiles whose video is younger than VIDEO_EXPIRY_DAYS,
 * newest video first: one partial index ordered by video_uploaded_at serves both the order and
 * the expiry cut (a range of the same column). It carries the filter columns too, so counting
 * the matches of a broad filter reads only the index. bench/talent-list.bench.mjs times the
 * queries with 100,000 profiles; bench/RESULTS.md has the figures.
 */
export const talentMigration: Migration = {
  name: "0005_talent",
  sql: /* sql */ `
    create index player_profiles_public_idx on player_profiles (video_uploaded_at desc, id desc)
      include (player_id, position, secondary_position, preferred_foot, fitness, height_cm)
      where review_status = 'approved';
    -- a position matches the primary or the secondary one: two indexes the planner ORs
    create index player_profiles_public_position_idx on player_profiles (position, video_uploaded_at desc)
      where review_status = 'approved';
    create index player_profiles_public_secondary_idx on player_profiles (secondary_position, video_uploaded_at desc)
      where review_status = 'approved' and secondary_position is not null;
    create index player_profiles_public_height_idx on player_profiles (height_cm)
      where review_status = 'approved';

    -- age filters become a range of birth dates
    create index players_date_of_birth_idx on players (date_of_birth);
    -- the search matches the start of "first name + surname initial" or of the username;
    -- text_pattern_ops lets LIKE 'prefix%' use the index whatever the database's collation
    create index players_public_name_idx on players ((lower(first_name || ' ' || left(last_name, 1))) text_pattern_ops);
    create index players_username_prefix_idx on players (username_key text_pattern_ops);

    -- a club or scout asking to reach a player; staff read it in the inbox and pass it on.
    -- It goes with the player's account when that is deleted.
    alter table contact_messages
      add column organisation text,
      add column phone text,
      add column player_id uuid references players(id) on delete cascade,
      add column player_username text;
    create index contact_messages_player_idx on contact_messages (player_id) where player_id is not null;
  `,
};
