import type { Migration } from "../migrate.ts";

/**
 * Player profiles: uploaded media that passed the server's checks, and the profile a
 * player submits with them. A media row exists only for a complete, checked file; unfinished
 * uploads live in the storage's tus staging area until then.
 */
export const mediaProfilesMigration: Migration = {
  name: "0003_media_profiles",
  sql: /* sql */ `
    create table media_files (
      id uuid primary key,
      owner_player_id uuid not null references players(id) on delete cascade,
      kind text not null check (kind in ('image', 'video')),
      -- the type detected from the bytes (images: of the re-encoded copy we serve)
      content_type text not null,
      size bigint not null,
      duration_seconds double precision,
      width integer,
      height integer,
      created_at timestamptz not null,
      -- set when a submitted profile uses the file; unattached files are swept after 24 hours
      attached_at timestamptz
    );
    create index media_files_owner_idx on media_files (owner_player_id);
    create index media_files_unattached_idx on media_files (created_at) where attached_at is null;

    create table player_profiles (
      -- the API's scoutsInformationId
      id uuid primary key,
      player_id uuid not null unique references players(id) on delete cascade,
      cover_file_id uuid not null references media_files(id),
      video_file_id uuid not null references media_files(id),
      video_two_file_id uuid references media_files(id),
      position text not null,
      secondary_position text,
      preferred_foot text not null,
      height_cm double precision not null,
      weight_kg double precision not null,
      fitness text not null,
      about text not null default '',
      submitted_at timestamptz not null,
      video_uploaded_at timestamptz,
      review_status text not null default 'pending' check (review_status in ('pending', 'approved', 'rejected')),
      reviewed_at timestamptz,
      reviewed_by uuid references players(id) on delete set null,
      rejection_reason text,
      updated_at timestamptz not null
    );
    -- the public talent list: approved profiles, newest videos first
    create index player_profiles_review_idx on player_profiles (review_status, video_uploaded_at);
    create index player_profiles_position_idx on player_profiles (position);
    create index player_profiles_secondary_position_idx on player_profiles (secondary_position);
    -- "which profile uses this file?" when serving media to the public
    create index player_profiles_cover_idx on player_profiles (cover_file_id);
    create index player_profiles_video_idx on player_profiles (video_file_id);
    create index player_profiles_video_two_idx on player_profiles (video_two_file_id);
  `,
};
