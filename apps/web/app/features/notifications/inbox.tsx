import { Link } from "react-router";
import { INBOX } from "@touchline/contract/inbox";
import type { InboxItem } from "@touchline/contract/notification-schemas";
import { Button } from "../../components/button.tsx";
import { formatDate } from "../../lib/player-display.ts";
import { useInbox, useMarkRead } from "./use-inbox.ts";

/** Where the menus' count leads: the inbox on the area's home page. */
export const INBOX_ANCHOR = "inbox";

/**
 * The inbox on the player's home and in the scout area: what happened to the account, newest
 * first, unread ones marked. Following a message's link marks it read; so does "Mark all as read".
 */
export function Inbox() {
  const inbox = useInbox();
  const markRead = useMarkRead();
  const unread = inbox.data?.unread ?? 0;
  return (
    <section
      id={INBOX_ANCHOR}
      aria-labelledby="inbox-title"
      className="scroll-mt-20 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="inbox-title" className="text-lg font-bold text-slate-900">
          {INBOX.title}
          {unread > 0 ? <span className="ml-2 text-sm font-semibold text-brand-700">({unread} unread)</span> : null}
        </h2>
        {unread > 0 ? (
          <Button variant="ghost" className="text-sm" onClick={() => markRead()}>
            {INBOX.markAllRead}
          </Button>
        ) : null}
      </div>
      {inbox.isPending ? (
        <p className="mt-3 text-sm text-slate-600">Loading…</p>
      ) : inbox.isError ? (
        <p className="mt-3 text-sm text-slate-600">{INBOX.loadFailed}</p>
      ) : inbox.data.notifications.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{INBOX.empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {inbox.data.notifications.map((item) => (
            <InboxRow key={item.id} item={item} onOpen={() => !item.readAt && markRead([item.id])} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InboxRow({ item, onOpen }: { item: InboxItem; onOpen(): void }) {
  const unread = !item.readAt;
  return (
    <li className="py-3">
      <p className={`text-sm ${unread ? "font-semibold text-slate-900" : "text-slate-700"}`}>
        {unread ? (
          <span className="mr-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-bold text-brand-900">
            {INBOX.newLabel}
          </span>
        ) : null}
        {item.text}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
        <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
        {item.link ? (
          <Link to={item.link} onClick={onOpen} className="font-semibold text-brand-700 underline">
            {INBOX.more}
          </Link>
        ) : null}
      </p>
    </li>
  );
}

/**
 * The count in the area's menu: a link to the inbox, with the number of unread messages when
 * there are some. `home` is the area's home page.
 */
export function UnreadCount({ home }: { home: string }) {
  const inbox = useInbox();
  const unread = inbox.data?.unread ?? 0;
  return (
    <Link
      to={`${home}#${INBOX_ANCHOR}`}
      aria-label={INBOX.unreadLabel(unread)}
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <svg
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
