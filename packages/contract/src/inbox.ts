/** The words of the in-app inbox (player home, scout area) and of its unread count in the menus. */
export const INBOX = {
  title: "Messages",
  empty: "No messages yet. We tell you here, and by SMS or e-mail, when something happens to your account.",
  markAllRead: "Mark all as read",
  more: "See more",
  newLabel: "New",
  loadFailed: "Your messages could not be loaded. Try again later.",
  /** What the count in the menu says to a screen reader: "Messages, 2 unread". */
  unreadLabel: (unread: number) => (unread > 0 ? `Messages, ${unread} unread` : "Messages"),
} as const;

/** How often an open page asks again for new messages (the count in the menu). */
export const INBOX_REFRESH_MS = 60_000;
