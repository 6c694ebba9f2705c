import type { Migration } from "../migrate.ts";

/**
 * Everything about a person goes with their account.
 *
 * notifications.about_account_id names the account a message is about when it is not its
 * recipient's: a guardian's SMS about their child, a coach's about the player who named them, a
 * scout's about a player's answer. It cascades, so the guardian's name and number, the coach's
 * name and the child's first name in those rows leave with the account. Rows written before are
 * attributed where their data allows it (the guardian's number; the coach's name and the minute
 * of the SMS; the scout and the minute of the answer); messages to people without an account that
 * name no account we still hold are deleted now. The notification sweep deletes delivery records,
 * and messages to people without an account, after DELIVERY_RETENTION_DAYS (partial index below).
 *
 * A coach's first confirmation waits for staff (state 'checking') before it shows anywhere: the
 * public reads keep to state 'confirmed'. The number stays on the row until staff decide, so
 * they can call it; checked_at and checked_by record the check, and a later yes from a number
 * with a checked confirmation that stands shows at once (the partial index finds it).
 */
export const personErasureMigration: Migration = {
  name: "0021_person_erasure",
  sql: /* sql */ `
    alter table notifications add column about_account_id uuid references players(id) on delete cascade;
    create index notifications_about_idx on notifications (about_account_id) where about_account_id is not null;
    create index notifications_without_account_idx on notifications (created_at) where account_id is null;

    update notifications n set about_account_id = g.player_id
      from notification_deliveries d, guardian_consents g
      where d.notification_id = n.id and n.account_id is null and d.address = g.guardian_phone;
    update notifications n set about_account_id = r.player_id
      from notification_deliveries d, scout_requests r
      where n.about_account_id is null and d.notification_id = n.id and n.account_id is null
        and d.address = r.guardian_phone;
    update notifications n set about_account_id = e.player_id
      from notification_deliveries d, coach_endorsements e
      where n.about_account_id is null and n.account_id is null and n.event = 'coach-asked'
        and d.notification_id = n.id and d.recipient_name = e.coach_name
        and e.link_sent_at between n.created_at - interval '1 minute' and n.created_at + interval '1 minute';
    update notifications n set about_account_id = r.player_id
      from scout_requests r
      where n.account_id = r.scout_id and n.event in ('request-accepted', 'request-declined')
        and r.answered_at between n.created_at - interval '1 minute' and n.created_at + interval '1 minute';
    delete from notifications where account_id is null and about_account_id is null;

    alter table coach_endorsements drop constraint coach_endorsements_state_check;
    alter table coach_endorsements add constraint coach_endorsements_state_check
      check (state in ('pending', 'checking', 'confirmed', 'declined', 'expired', 'revoked', 'undelivered'));
    alter table coach_endorsements add column checked_at timestamptz;
    alter table coach_endorsements add column checked_by uuid references players(id) on delete set null;
    drop index coach_endorsements_open_idx;
    create unique index coach_endorsements_open_idx on coach_endorsements (player_id, coach_phone_hash)
      where state in ('pending', 'checking', 'confirmed');
    create index coach_endorsements_checking_idx on coach_endorsements (answered_at, id) where state = 'checking';
    create index coach_endorsements_checked_idx on coach_endorsements (coach_phone_hash)
      where state = 'confirmed' and checked_at is not null;
  `,
};
