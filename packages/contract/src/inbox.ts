/** The words of the in-app inbox (player home, scout area) and of its unread count in the menus. */
export const INBOX = {
  title: "Inbox",
  empty: "No messages yet. We tell you here, and by SMS or e-mail, when something happens to your account.",
  markAllRead: "Mark all as read",
  more: "See more",
  newLabel: "New",
  loadFailed: "Your messages could not be loaded. Try again later.",
  /** What the count in the menu says to a screen reader: "Inbox, 2 unread". */
  unreadLabel: (unread: number) => (unread > 0 ? `Inbox, ${unread} unread` : "Inbox"),
} as const;

/** How often an open page asks again for new messages (the count in the menu). */
export const INBOX_REFRESH_MS = 60_000;

/** The player's choice of channel for what is not urgent, on their settings page. */
export const NOTIFY_BY_FORM = {
  title: "How we tell you things",
  label: "Messages that are not urgent",
  hint: "Codes, the warning before your public time ends, a withdrawn consent and your account's deletion always come by SMS.",
  save: "Save",
  loadFailed: "Your choice could not be loaded. Try again later.",
} as const;
