import type { Migration } from "../migrate.ts";

/**
 * Evaluations of a player by people who know: a verified scout (author_id, their account) or a
 * coach who confirmed the player (endorsement_id, their confirmation). One per author and player
 * (the two unique partial indexes); the author changes it in place. A 1-5 rating per skill, the
 * level the player could play at now, three strengths and one thing to work on, and up to ten
 * notes pinned to a second of one of the player's clips (player_evaluation_notes, deleted with
 * the clip). The player hides one from scouts (hidden_at) or reports one to staff
 * (player_evaluation_reports); staff remove one by deleting it, recorded in the audit log. All of
 * it goes with the player's account (cascade).
 */
export const playerEvaluationsMigration: Migration = {
  name: "0024_player_evaluations",
  sql: /* sql */ `
    create table player_evaluations (
      id uuid primary key,
      player_id uuid not null references players(id) on delete cascade,
      author_kind text not null check (author_kind in ('scout', 'coach')),
      author_id uuid references players(id) on delete cascade,
      endorsement_id uuid references coach_endorsements(id) on delete cascade,
      dribbling smallint not null check (dribbling between 1 and 5),
      goal_scoring smallint not null check (goal_scoring between 1 and 5),
      defending smallint not null check (defending between 1 and 5),
      passing smallint not null check (passing between 1 and 5),
      first_touch smallint not null check (first_touch between 1 and 5),
      level text not null check (level in (
        'super-league', 'national-division-one', 'division-two', 'provincial', 'not-yet')),
      strength_1 text not null,
      strength_2 text not null,
      strength_3 text not null,
      work_on text not null,
      hidden_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((author_kind = 'scout') = (author_id is not null)),
      check ((author_kind = 'coach') = (endorsement_id is not null))
    );
    create unique index player_evaluations_scout_idx on player_evaluations (player_id, author_id)
      where author_id is not null;
    create unique index player_evaluations_coach_idx on player_evaluations (endorsement_id)
      where endorsement_id is not null;
    create index player_evaluations_player_idx on player_evaluations (player_id, created_at desc);
    create index player_evaluations_author_idx on player_evaluations (author_id) where author_id is not null;

    create table player_evaluation_notes (
      id uuid primary key,
      evaluation_id uuid not null references player_evaluations(id) on delete cascade,
      position smallint not null check (position between 0 and 9),
      clip_file_id uuid not null references media_files(id) on delete cascade,
      second integer not null check (second >= 0),
      text text not null,
      unique (evaluation_id, position)
    );
    create index player_evaluation_notes_clip_idx on player_evaluation_notes (clip_file_id);

    create table player_evaluation_reports (
      id uuid primary key,
      evaluation_id uuid not null references player_evaluations(id) on delete cascade,
      reporter_id uuid not null references players(id) on delete cascade,
      reason text not null,
      created_at timestamptz not null,
      handled_at timestamptz,
      handled_by uuid references players(id) on delete set null
    );
    create unique index player_evaluation_reports_open_idx on player_evaluation_reports (evaluation_id, reporter_id)
      where handled_at is null;
    create index player_evaluation_reports_queue_idx on player_evaluation_reports (created_at)
      where handled_at is null;
  `,
};
