import { useState } from "react";
import { Link } from "react-router";
import { CONTACT_FILTERS, type ContactFilter, type ContactMessageItem } from "@touchline/contract/admin";
import { ADMIN_CONSOLE } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { fetchContactMessages, markMessageHandled } from "./admin-api.ts";
import { formatDateTime, humaniseKey } from "./format.ts";
import { FilterLinks, ListHeading, ListState, Pager } from "./list-parts.tsx";
import { useListParams } from "./list-params.ts";
import { ADMIN_KEYS, useStaffAction, useStaffList } from "./staff-queries.ts";

const FILTERS = CONTACT_FILTERS.map((value) => ({ value, label: value === "open" ? "Open" : "Handled" }));

const SOURCES: Record<string, string> = {
  website: "Website contact form",
  "player-contact": "A club or scout asking about a player",
};

/** Fields every message has, shown in their own places; anything else the API adds is listed. */
const BASE_FIELDS = new Set(["id", "name", "email", "message", "source", "createdAt", "handledAt", "handledBy"]);
/** Extra fields this page knows how to show, in this order. */
const KNOWN_EXTRAS: Record<string, string> = {
  organisation: "Organisation",
  phone: "Phone",
  playerUsername: "About player",
};

/** Extra fields of a message (organisation, phone, the player asked about...), labelled. */
export function extraFields(item: ContactMessageItem): { key: string; label: string; value: string }[] {
  const record = item as unknown as Record<string, unknown>;
  const shown = (key: string) => {
    const value = record[key];
    return (typeof value === "string" && value.trim() !== "") || typeof value === "number" ? String(value) : null;
  };
  const known = Object.keys(KNOWN_EXTRAS).flatMap((key) => {
    const value = shown(key);
    return value === null ? [] : [{ key, label: KNOWN_EXTRAS[key]!, value }];
  });
  // Internal ids (playerId) mean nothing to staff; everything else new is shown as it comes.
  const other = Object.keys(record)
    .filter((key) => !BASE_FIELDS.has(key) && !(key in KNOWN_EXTRAS) && !/Id$/.test(key))
    .flatMap((key) => {
      const value = shown(key);
      return value === null ? [] : [{ key, label: humaniseKey(key), value }];
    });
  return [...known, ...other];
}

/** /admin/messages: the contact form's messages and clubs' requests about players. */
export function ContactInbox() {
  const { status, page, params } = useListParams(CONTACT_FILTERS, "open");
  const list = useStaffList([...ADMIN_KEYS.contact, status, page], (signal) =>
    fetchContactMessages(status, page, signal),
  );
  const handle = useStaffAction({
    action: (item: ContactMessageItem) => markMessageHandled(item.id),
    invalidate: [ADMIN_KEYS.contact, ADMIN_KEYS.audit],
    success: () => ADMIN_CONSOLE.handled,
  });
  const [asking, setAsking] = useState<ContactMessageItem | null>(null);
  const data = list.data;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-6 sm:py-10">
      <ListHeading title="Contact inbox" total={data?.total} noun={["message", "messages"]} />
      <FilterLinks label="Message status" filters={FILTERS} current={status} params={params} />
      <p className="text-sm text-slate-600">
        {status === "open"
          ? "Messages waiting for an answer, oldest first."
          : "Handled messages, most recently handled first."}
      </p>
      <ListState
        isPending={list.isPending}
        isError={list.isError && !data}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        isEmpty={data?.items.length === 0}
        empty={ADMIN_CONSOLE.contactEmpty[status as ContactFilter]}
      >
        <ul className="flex flex-col gap-4">
          {data?.items.map((item) => (
            <li key={item.id}>
              <MessageCard
                item={item}
                busy={handle.isPending && handle.variables?.id === item.id}
                onHandled={() => setAsking(item)}
              />
            </li>
          ))}
        </ul>
      </ListState>
      {data ? <Pager page={page} pageSize={data.pageSize} total={data.total} params={params} /> : null}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? ADMIN_CONSOLE.handledConfirm.title(asking.name) : ""}
        confirmLabel="Mark handled"
        busy={handle.isPending}
        onConfirm={() => asking && handle.mutate(asking, { onSettled: () => setAsking(null) })}
        onCancel={() => setAsking(null)}
      >
        <p>{ADMIN_CONSOLE.handledConfirm.text}</p>
      </ConfirmDialog>
    </div>
  );
}

function MessageCard({ item, busy, onHandled }: { item: ContactMessageItem; busy: boolean; onHandled(): void }) {
  const headingId = `message-${item.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold break-words text-slate-900">
          {item.name}
        </h2>
        <p className="text-sm text-slate-600">{formatDateTime(item.createdAt)}</p>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">E-mail</dt>
        <dd className="min-w-0 break-words">
          <a href={`mailto:${item.email}`} className="font-medium text-brand-700 underline hover:text-brand-900">
            {item.email}
          </a>
        </dd>
        <dt className="text-slate-600">Source</dt>
        <dd className="font-medium text-slate-900">{SOURCES[item.source] ?? item.source}</dd>
        {extraFields(item).map((field) => (
          <div key={field.key} className="contents">
            <dt className="text-slate-600">{field.label}</dt>
            <dd className="min-w-0 font-medium break-words text-slate-900">
              {field.key === "playerUsername" ? (
                <Link
                  to={`/players/${encodeURIComponent(field.value)}`}
                  className="text-brand-700 underline hover:text-brand-900"
                >
                  {field.value}
                </Link>
              ) : field.key === "phone" ? (
                <a
                  href={`tel:${field.value.replace(/[^\d+]/g, "")}`}
                  className="text-brand-700 underline hover:text-brand-900"
                >
                  {field.value}
                </a>
              ) : (
                field.value
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 rounded-lg bg-slate-50 p-3 break-words whitespace-pre-line text-slate-800">{item.message}</p>
      {item.handledAt ? (
        <p className="mt-3 text-sm text-slate-600">
          Handled {formatDateTime(item.handledAt)}
          {item.handledBy ? ` by ${item.handledBy}` : ""}
        </p>
      ) : (
        <div className="mt-4">
          <Button
            variant="secondary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={onHandled}
            aria-label={`Mark handled: message from ${item.name}`}
          >
            Mark handled
          </Button>
        </div>
      )}
    </article>
  );
}
