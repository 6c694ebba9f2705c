import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  deliveryListQuerySchema,
  markReadBodySchema,
  playerSettingsSchema,
  unsubscribeBodySchema,
  deliveryListResponseSchema,
  inboxResponseSchema,
  markReadResponseSchema,
} from "@touchline/contract/notification-schemas";
import { messageAnswerSchema } from "@touchline/contract/answers/common";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import { NOTIFICATIONS } from "@touchline/contract/notifications";
import { HttpError } from "../http/errors.ts";
import { scheduleWhenReady } from "../jobs/schedule-when-ready.ts";
import { requireRole, requireUser } from "../http/request-user.ts";
import type { AppServices } from "../services.ts";
import { createNotificationService } from "./notification-service.ts";
import { NOTIFICATION_SWEEP_CRON, notificationSweepJob } from "./sweep-job.ts";
import { clientAddressKey } from "../http/client-address.ts";

const tokenParams = z.object({ token: z.string().max(200) });
const TOKEN = /^[A-Za-z0-9_-]{8,64}$/;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The unsubscribe page: plain HTML, one button, no script (a link opened from an SMS on any phone). */
function unsubscribePage(body: string): string {
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(NOTIFICATIONS.unsubscribeTitle)} - Touchline</title>`,
    "<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}",
    "button{font:inherit;padding:.75rem 1.25rem;min-height:44px}</style>",
    `</head><body><main><h1>${escapeHtml(NOTIFICATIONS.unsubscribeTitle)}</h1>${body}</main></body></html>`,
  ].join("");
}
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

/** The inbox, the staff's delivery list, the notification settings and one-tap unsubscribe. */
export const notificationRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const notifications = createNotificationService(services);
  const perAccount = {
    rateLimit: {
      max: 120,
      timeWindow: "1 minute",
      keyGenerator: (request: FastifyRequest) => request.user?.playerId ?? clientAddressKey(request.ip),
    },
  };
  const perAddress = { rateLimit: { max: 30, timeWindow: "1 minute" } };

  scheduleWhenReady(fastify, services, notificationSweepJob, NOTIFICATION_SWEEP_CRON, {});

  app.get(
    "/api/notifications",
    {
      schema: {
        summary: "The logged-in account's inbox, newest first",
        security: ACCESS.session,
        response: { 200: inboxResponseSchema, ...errorAnswers(401) },
      },
      config: perAccount,
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.header("cache-control", "private, no-store").send(await notifications.inbox(user.playerId));
    },
  );

  app.post(
    "/api/notifications/read",
    {
      schema: {
        summary: "Mark inbox notifications read (all, without ids)",
        security: ACCESS.session,
        body: markReadBodySchema,
        response: { 200: markReadResponseSchema, ...errorAnswers(401) },
      },
      config: perAccount,
    },
    async (request) => {
      const user = requireUser(request);
      return notifications.markRead(user.playerId, request.body.ids);
    },
  );

  app.get(
    "/api/admin/notifications",
    {
      onRequest: async (request) => void requireRole(request, "reviewer", "admin"),
      schema: {
        summary: "Notification deliveries by SMS and e-mail, for staff",
        security: ACCESS.session,
        querystring: deliveryListQuerySchema,
        response: { 200: deliveryListResponseSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request, reply) => {
      const { state, limit } = request.query;
      return reply.header("cache-control", "no-store").send(await notifications.deliveries(state, limit));
    },
  );

  app.get(
    "/api/player/settings",
    {
      schema: {
        summary: "How the account wants to be told things",
        security: ACCESS.session,
        response: { 200: playerSettingsSchema, ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply
        .header("cache-control", "private, no-store")
        .send(await notifications.settings(user.playerId, user.role));
    },
  );

  app.put(
    "/api/player/settings",
    {
      schema: {
        summary: "Choose how the account is told things",
        security: ACCESS.session,
        body: playerSettingsSchema,
        response: { 200: playerSettingsSchema, ...errorAnswers(401) },
      },
      config: perAccount,
    },
    async (request) => {
      const user = requireUser(request);
      return notifications.saveSettings(user.playerId, request.body);
    },
  );

  app.post(
    "/api/notifications/unsubscribe",
    {
      schema: {
        summary: "Stop non-essential messages with an unsubscribe link's token",
        security: ACCESS.public,
        body: unsubscribeBodySchema,
        response: { 200: messageAnswerSchema, ...errorAnswers(404) },
      },
      config: perAddress,
    },
    async (request) => {
      if (!(await notifications.unsubscribe(request.body.token)))
        throw new HttpError(404, NOTIFICATIONS.unsubscribeInvalid);
      return { message: NOTIFICATIONS.unsubscribed };
    },
  );

  // Opening the link changes nothing (mail scanners and link previews open links too): the one
  // tap is the button, a plain form posted back to the same address.
  app.get("/unsubscribe/:token", { schema: { params: tokenParams }, config: perAddress }, async (request, reply) => {
    const { token } = request.params;
    const body = TOKEN.test(token)
      ? `<form method="post"><button type="submit">${escapeHtml(NOTIFICATIONS.unsubscribeConfirm)}</button></form>`
      : `<p>${escapeHtml(NOTIFICATIONS.unsubscribeInvalid)}</p>`;
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", PAGE_CSP)
      .header("referrer-policy", "no-referrer")
      .send(unsubscribePage(body));
  });

  await app.register(async (form) => {
    // The page's button posts a web form with nothing in it: the token is in the address.
    form.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, _body, done) =>
      done(null, {}),
    );
    form.post(
      "/unsubscribe/:token",
      { schema: { params: tokenParams }, config: perAddress },
      async (request, reply) => {
        const { token } = request.params as { token: string };
        const done = TOKEN.test(token) && (await notifications.unsubscribe(token));
        return reply
          .code(done ? 200 : 404)
          .header("content-type", "text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .header("content-security-policy", PAGE_CSP)
          .header("referrer-policy", "no-referrer")
          .send(
            unsubscribePage(
              `<p>${escapeHtml(done ? NOTIFICATIONS.unsubscribed : NOTIFICATIONS.unsubscribeInvalid)}</p>`,
            ),
          );
      },
    );
  });
};
