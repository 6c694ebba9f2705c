import type { Migration } from "../migrate.ts";

/**
 * A profile that stays true after its approval.
 *
 * player_profiles.edited_at: when the player last changed what the public sees (facts they
 * correct themselves publish at once; a reviewed change when staff approve it). Public pages show
 * it as "Updated …", and a scout's shortlist marks the player when it is later than the scout's
 * last look (scout_shortlist_entries.seen_at, null until the scout opens the player's page).
 *
 * profile_changes: at most one per profile, what waits for staff while the approved text and
 * media stay public: a new "about", a new full-match link (full_match_url_changed, since null
 * there means "remove the link"), a new cover photo or video (null: unchanged). A rejected
 * change keeps only its reason, for the player to read, until their next change replaces it;
 * its text and files are let go at the decision.
 */
export const profileEditsMigration: Migration = {
  name: "0025_profile_edits",
  sql: /* sql */ `
    alter table player_profiles add column edited_at timestamptz;

    create table profile_changes (
      profile_id uuid primary key references player_profiles(id) on delete cascade,
      state text not null default 'pending' check (state in ('pending', 'rejected')),
      about text,
      full_match_url text,
      full_match_url_changed boolean not null default false,
      cover_file_id uuid references media_files(id) on delete set null,
      video_file_id uuid references media_files(id) on delete set null,
      video_two_file_id uuid references media_files(id) on delete set null,
      submitted_at timestamptz not null,
      decided_at timestamptz,
      decided_by uuid references players(id) on delete set null,
      rejection_reason text,
      check (state = 'pending' or (about is null and full_match_url is null and cover_file_id is null
        and video_file_id is null and video_two_file_id is null and rejection_reason is not null))
    );
    create index profile_changes_queue_idx on profile_changes (submitted_at) where state = 'pending';

    alter table scout_shortlist_entries add column seen_at timestamptz;
  `,
};
