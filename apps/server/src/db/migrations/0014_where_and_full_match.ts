import type { Migration } from "../migrate.ts";

/**
 * Where a player plays (province and town) and a link to an unedited full match, on the profile.
 * All three stay null on profiles submitted before they were asked; nothing is backfilled.
 *
 * The talent list filters by province, newest video first: the partial index leads with the
 * province and carries what the other filters read, like the indexes of migration 0005, so a
 * province (alone or with other filters) is counted from one index.
 */
export const whereAndFullMatchMigration: Migration = {
  name: "0014_where_and_full_match",
  sql: /* sql */ `
    alter table player_profiles
      add column province text,
      add column town text,
      add column full_match_url text;

    create index player_profiles_public_province_idx on player_profiles (province, video_uploaded_at desc, id desc)
      include (position, secondary_position, preferred_foot, fitness, height_cm, birth_date)
      where review_status = 'approved' and province is not null;
  `,
};
