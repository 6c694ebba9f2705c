import type { Migration } from "../migrate.ts";

/**
 * Ages checked by staff. One row per document sent: while it waits (pending) document_key names
 * the photo in storage, private to the player and staff; the decision deletes the photo and
 * clears the key, leaving the fact, the kind of document, the date and who decided. A player has
 * at most one check waiting and at most one verified.
 *
 * A check speaks for the date of birth it was sent for: when a player's date of birth changes, a
 * trigger clears their waiting and verified checks in the same statement, so no public read can
 * show "Age verified" for a date nobody checked. The photo of a cleared check is deleted by the
 * age-check sweep (the database cannot reach storage).
 */
export const ageChecksMigration: Migration = {
  name: "0015_age_checks",
  sql: /* sql */ `
    create table age_checks (
      id uuid primary key,
      player_id uuid not null references players(id) on delete cascade,
      document_kind text not null
        check (document_kind in ('nrc', 'passport', 'birth-certificate', 'school-card', 'faz-card')),
      sent_by text not null check (sent_by in ('player', 'guardian')),
      state text not null default 'pending' check (state in ('pending', 'verified', 'refused', 'cleared')),
      -- the storage key of the photo while it waits; null once deleted
      document_key text,
      created_at timestamptz not null,
      decided_at timestamptz,
      decided_by uuid references players(id) on delete set null,
      refusal_reason text
    );
    create unique index age_checks_pending_idx on age_checks (player_id) where state = 'pending';
    create unique index age_checks_verified_idx on age_checks (player_id) where state = 'verified';
    create index age_checks_queue_idx on age_checks (created_at) where state = 'pending';
    create index age_checks_player_idx on age_checks (player_id, created_at desc);

    create function age_checks_clear_on_birth_date() returns trigger language plpgsql as $$
    begin
      if new.date_of_birth is distinct from old.date_of_birth then
        update age_checks set state = 'cleared', decided_at = now()
         where player_id = new.id and state in ('pending', 'verified');
      end if;
      return null;
    end $$;
    create trigger players_clear_age_checks after update of date_of_birth on players
      for each row execute function age_checks_clear_on_birth_date();
  `,
};
