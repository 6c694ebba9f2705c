import type { Migration } from "../migrate.ts";

/**
 * Public talent discovery (issue "Talent discovery"): what makes the public list's filters fast,
 * and contact requests about a player kept in the staff inbox (contact_messages).
 *
 * Every public query reads approved profiles whose video is younger than VIDEO_EXPIRY_DAYS,
 * newest video first. The player's birth date and searchable names are copied onto the profile
 * (kept in step by triggers), so no public query joins players to filter: with 100,000 profiles a
 * join per row was the slow part (bench/RESULTS.md has the figures before and after). Each
 * partial index below leads with one filter and carries the others, so counting the matches of
 * a filter reads one index and no table.
 */
export const talentMigration: Migration = {
  name: "0005_talent",
  sql: /* sql */ `
    alter table player_profiles
      add column birth_date date,
      -- lower(first name || ' ' || surname initial): what the name search matches the start of
      add column name_key text,
      add column username_key text;

    create function talent_profile_copy_player() returns trigger language plpgsql as $$
    begin
      select p.date_of_birth, lower(p.first_name || ' ' || left(p.last_name, 1)), p.username_key
        into new.birth_date, new.name_key, new.username_key
        from players p where p.id = new.player_id;
      return new;
    end $$;
    create trigger player_profiles_copy_player before insert or update of player_id on player_profiles
      for each row execute function talent_profile_copy_player();

    create function talent_player_sync_profile() returns trigger language plpgsql as $$
    begin
      update player_profiles
         set birth_date = new.date_of_birth,
             name_key = lower(new.first_name || ' ' || left(new.last_name, 1)),
             username_key = new.username_key
       where player_id = new.id;
      return null;
    end $$;
    create trigger players_sync_profile after update of first_name, last_name, username_key, date_of_birth on players
      for each row execute function talent_player_sync_profile();

    update player_profiles pp
       set birth_date = p.date_of_birth, name_key = lower(p.first_name || ' ' || left(p.last_name, 1)), username_key = p.username_key
      from players p where p.id = pp.player_id;
    alter table player_profiles
      alter column birth_date set not null,
      alter column name_key set not null,
      alter column username_key set not null;

    -- Newest first, and the expiry cut is a range of the same column.
    create index player_profiles_public_idx on player_profiles (video_uploaded_at desc, id desc)
      include (position, secondary_position, preferred_foot, fitness, height_cm, birth_date)
      where review_status = 'approved';
    -- A position matches the primary or the secondary one: each has its index.
    create index player_profiles_public_position_idx on player_profiles (position, video_uploaded_at desc, id desc)
      include (secondary_position, preferred_foot, fitness, height_cm, birth_date)
      where review_status = 'approved';
    create index player_profiles_public_secondary_idx on player_profiles (secondary_position, video_uploaded_at desc, id desc)
      include (position, preferred_foot, fitness, height_cm, birth_date)
      where review_status = 'approved' and secondary_position is not null;
    create index player_profiles_public_height_idx on player_profiles (height_cm)
      include (video_uploaded_at, position, secondary_position, preferred_foot, fitness, birth_date)
      where review_status = 'approved';
    -- Age filters become a range of birth dates.
    create index player_profiles_public_birth_idx on player_profiles (birth_date)
      include (video_uploaded_at, position, secondary_position, preferred_foot, fitness, height_cm)
      where review_status = 'approved';
    -- LIKE 'prefix%' uses text_pattern_ops indexes whatever the database's collation.
    create index player_profiles_public_name_idx on player_profiles (name_key text_pattern_ops)
      include (video_uploaded_at, position, secondary_position, preferred_foot, fitness, height_cm, birth_date)
      where review_status = 'approved';
    create index player_profiles_public_username_idx on player_profiles (username_key text_pattern_ops)
      include (video_uploaded_at, name_key, position, secondary_position, preferred_foot, fitness, height_cm, birth_date)
      where review_status = 'approved';

    -- A club or scout asking to reach a player; staff read it in the inbox and pass it on.
    -- It goes with the player's account when that is deleted.
    alter table contact_messages
      add column organisation text,
      add column phone text,
      add column player_id uuid references players(id) on delete cascade,
      add column player_username text;
    create index contact_messages_player_idx on contact_messages (player_id) where player_id is not null;
  `,
};
