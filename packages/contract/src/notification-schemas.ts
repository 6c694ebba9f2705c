import * as z from "zod/mini";
import { INBOX_MAX } from "./limits.ts";
import { DELIVERY_STATES, NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS, NOTIFY_BY } from "./notifications.ts";

/**
 * The notifications API, for the inbox (player home, scout area), the review console and the
 * unsubscribe page.
 *
 * GET  /api/notifications                       -> InboxResponse: the logged-in account's own,
 *      newest first, at most INBOX_MAX (401 when not logged in)
 * POST /api/notifications/read   MarkReadBody   -> MarkReadResponse: marks the given ones (or all,
 *      without ids) read; ids of someone else's are ignored
 * GET  /api/admin/notifications?state=&limit=   -> DeliveryListResponse (staff only), newest first
 * GET  /api/player/settings                     -> PlayerSettings (players and scouts)
 * PUT  /api/player/settings      PlayerSettings -> PlayerSettings
 * POST /api/notifications/unsubscribe  UnsubscribeBody -> { message } (404 for an unknown token)
 * GET  /unsubscribe/:token                      -> an HTML page with one button that posts the token
 */

export const inboxItemSchema = z.object({
  id: z.string(),
  event: z.enum(NOTIFICATION_EVENTS),
  text: z.string(),
  /** An absolute path on the site, or null. */
  link: z.nullable(z.string()),
  createdAt: z.string(),
  readAt: z.nullable(z.string()),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxResponseSchema = z.object({
  notifications: z.array(inboxItemSchema).check(z.maxLength(INBOX_MAX)),
  unread: z.number(),
});
export type InboxResponse = z.infer<typeof inboxResponseSchema>;

export const markReadBodySchema = z.object({
  ids: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(200))),
});
export type MarkReadBody = z.infer<typeof markReadBodySchema>;
export const markReadResponseSchema = z.object({ unread: z.number() });
export type MarkReadResponse = z.infer<typeof markReadResponseSchema>;

export const deliveryItemSchema = z.object({
  id: z.string(),
  event: z.enum(NOTIFICATION_EVENTS),
  /** The display name and the masked phone number or e-mail address. */
  recipient: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number(),
  providerId: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
});
export type DeliveryItem = z.infer<typeof deliveryItemSchema>;
export const deliveryListResponseSchema = z.object({ notifications: z.array(deliveryItemSchema) });
export type DeliveryListResponse = z.infer<typeof deliveryListResponseSchema>;

export const DELIVERY_LIST_MAX = 200;
export const deliveryListQuerySchema = z.object({
  state: z.optional(z.enum(DELIVERY_STATES)),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(DELIVERY_LIST_MAX)), 50),
});
export type DeliveryListQuery = z.input<typeof deliveryListQuerySchema>;

export const playerSettingsSchema = z.object({ notifyBy: z.enum(NOTIFY_BY) });
export type PlayerSettings = z.infer<typeof playerSettingsSchema>;

export const unsubscribeBodySchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
});
export type UnsubscribeBody = z.infer<typeof unsubscribeBodySchema>;
