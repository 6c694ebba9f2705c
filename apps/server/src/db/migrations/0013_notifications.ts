import type { Migration } from "../migrate.ts";

/**
 * Notifications. An event (a profile approved, a request answered, …) becomes one row in
 * notifications per person it concerns, written in the same transaction as the change that
 * causes it; account_id is null for someone without an account (a guardian) or whose account
 * is gone. Each row has a delivery per channel (inbox, sms, email) whose state the delivery job
 * moves on. send_started_at is written before the provider is called and cleared after, so a
 * send cut short by a crash is recognised and never repeated.
 */
export const notificationsMigration: Migration = {
  name: "0013_notifications",
  sql: /* sql */ `
    create table notifications (
      id uuid primary key,
      account_id uuid references players(id) on delete cascade,
      event text not null,
      text text not null,
      -- a path on the site, or null
      link text,
      created_at timestamptz not null,
      read_at timestamptz
    );
    create index notifications_inbox_idx on notifications (account_id, created_at desc);

    create table notification_deliveries (
      id uuid primary key,
      notification_id uuid not null references notifications(id) on delete cascade,
      channel text not null check (channel in ('sms', 'email', 'inbox')),
      recipient_name text not null,
      -- E.164 phone or lower-case e-mail; null for the inbox
      address text,
      subject text,
      -- the message as sent; erased once sent (it may hold a guardian's link)
      body text,
      state text not null check (state in ('queued', 'held', 'sent', 'failed', 'retrying', 'skipped')),
      attempts integer not null default 0,
      provider_id text,
      last_error text,
      send_started_at timestamptz,
      -- sha256 (hex) of the token in the message's unsubscribe link
      unsubscribe_token_hash text unique,
      created_at timestamptz not null,
      sent_at timestamptz
    );
    create index notification_deliveries_state_idx on notification_deliveries (state, created_at desc);
    create index notification_deliveries_created_idx on notification_deliveries (created_at desc);
    create index notification_deliveries_address_idx on notification_deliveries (address, sent_at)
      where channel = 'sms';

    -- How a player (or scout) wants to hear what is not urgent.
    create table notification_preferences (
      account_id uuid primary key references players(id) on delete cascade,
      notify_by text not null check (notify_by in ('sms', 'email')),
      updated_at timestamptz not null
    );

    -- Addresses that unsubscribed: nothing but messages about their safety reaches them there.
    create table notification_unsubscribes (
      channel text not null check (channel in ('sms', 'email')),
      address text not null,
      created_at timestamptz not null,
      primary key (channel, address)
    );
  `,
};
