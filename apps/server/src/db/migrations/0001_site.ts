import type { Migration } from "../migrate.ts";

export const siteMigration: Migration = {
  name: "0001_site",
  sql: /* sql */ `
    create table contact_messages (
      id uuid primary key,
      name text not null,
      email text not null,
      message text not null,
      source text not null default 'website',
      created_at timestamptz not null default now(),
      handled_at timestamptz,
      handled_by text
    );
    create index contact_messages_open_idx on contact_messages (created_at) where handled_at is null;

    create table deletion_requests (
      id uuid primary key,
      email text not null,
      reason text,
      other_reason text,
      created_at timestamptz not null default now(),
      due_at timestamptz not null,
      status text not null default 'open',
      closed_at timestamptz,
      closed_by text,
      outcome text
    );
    create index deletion_requests_open_idx on deletion_requests (due_at) where status = 'open';
  `,
};
