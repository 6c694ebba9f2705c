import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { InboxResponse } from "@touchline/contract/notification-schemas";
import { INBOX_REFRESH_MS } from "@touchline/contract/inbox";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { fetchInbox, INBOX_QUERY, markRead } from "./notifications-api.ts";

/**
 * The inbox, asked for once per page and again every INBOX_REFRESH_MS while the page is open;
 * the list on the home page and the count in the menu read the same query.
 */
export function useInbox() {
  return useQuery({
    queryKey: INBOX_QUERY,
    queryFn: ({ signal }) => fetchInbox(signal),
    staleTime: INBOX_REFRESH_MS,
    refetchInterval: INBOX_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/**
 * Marking read: the page shows it at once (the server's count follows), so a tap on a slow
 * connection never waits for the answer to clear the badge.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const mutation = useApiMutation(markRead);
  return (ids?: string[]) => {
    const at = new Date().toISOString();
    queryClient.setQueryData<InboxResponse>(INBOX_QUERY, (inbox) => {
      if (!inbox) return inbox;
      let marked = 0;
      const notifications = inbox.notifications.map((item) => {
        if (item.readAt || (ids && !ids.includes(item.id))) return item;
        marked += 1;
        return { ...item, readAt: at };
      });
      // Older unread ones beyond the list count too when all are marked.
      return { notifications, unread: ids ? Math.max(0, inbox.unread - marked) : 0 };
    });
    mutation.mutate(ids ? { ids } : {}, {
      onSuccess: ({ unread }) =>
        queryClient.setQueryData<InboxResponse>(INBOX_QUERY, (inbox) => (inbox ? { ...inbox, unread } : inbox)),
      // The server did not take it: ask again, so the page shows what is true.
      onError: () => void queryClient.invalidateQueries({ queryKey: INBOX_QUERY }),
    });
  };
}
