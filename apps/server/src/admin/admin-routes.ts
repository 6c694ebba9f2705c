import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  auditListQuerySchema,
  contactListQuerySchema,
  deletionListQuerySchema,
  rejectProfileSchema,
  reviewListQuerySchema,
  type ReviewItem,
} from "@touchline/contract/admin";
import { ADMIN } from "@touchline/contract/messages";
import { requireRole, type Role } from "../auth/request-user.ts";
import { createPlayerStore } from "../auth/player-store.ts";
import { videoViewsOf } from "../media/video-view.ts";
import { createNotificationService } from "../notifications/notification-service.ts";
import {
  auditPageSchema,
  contactMessageItemSchema,
  contactMessagePageSchema,
  deletionRequestPageSchema,
  processDeletionAnswerSchema,
  reviewItemSchema,
  reviewPageSchema,
} from "@touchline/contract/answers/admin";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { createAccountDeletion } from "./account-deletion.ts";
import { listAudit, type Actor } from "./audit.ts";
import { createInboxService } from "./inbox-service.ts";
import { createReviewService } from "./review-service.ts";

const STAFF: Role[] = ["reviewer", "admin"];
const profileParams = z.object({ profileId: z.string() });
const idParams = z.object({ id: z.string() });
/** Every route here is for staff: anonymous visitors 401, everyone else 403. */
const staffErrors = errorAnswers(401, 403);
/** How one route is described: what it does and what it answers, for staff only. */
const staffOperation = <R>(summary: string, response: R) => ({
  summary,
  security: ACCESS.session,
  response: { ...response, ...staffErrors },
});

/**
 * The staff API (contract: packages/contract/src/admin.ts). Every route checks the role first,
 * before looking at its input: anonymous 401, players 403, the audit log for admins only.
 */
export const adminRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const reviews = createReviewService({
    db: services.db,
    now: services.now,
    videoExpiryDays: services.config.VIDEO_EXPIRY_DAYS,
    notifications: createNotificationService(services),
  });
  const inbox = createInboxService({ db: services.db, now: services.now });
  const deletion = createAccountDeletion(services);
  const accounts = createPlayerStore(services.db, services.now);

  /** The staff member making the request, with the username the audit log keeps. */
  const staff = async (request: FastifyRequest, roles: Role[] = STAFF): Promise<Actor> => {
    const user = requireRole(request, ...roles);
    const row = await accounts.byId(user.playerId);
    return { id: user.playerId, username: row?.username ?? "unknown" };
  };

  /** The items with their videos as the console plays them: one read of the page's media rows. */
  const withVideos = async (items: ReviewItem[]): Promise<ReviewItem[]> => {
    const idOf = (url: string | null) => url?.replace(/^\/api\/media\//, "") ?? null;
    const ids = items.flatMap((item) => [idOf(item.videoPath), idOf(item.videoPathTwo)]).filter((id) => id !== null);
    const views = new Map((await videoViewsOf(services, ids)).map((view) => [view.url, view]));
    return items.map((item) => ({
      ...item,
      videos: [item.videoPath, item.videoPathTwo].flatMap((url) => (url && views.has(url) ? [views.get(url)!] : [])),
    }));
  };

  // Role checks run in onRequest, before validation, so a bad query from a player is still a 403.
  const staffOnly = { onRequest: async (request: FastifyRequest) => void requireRole(request, ...STAFF) };
  const profileNotFound = { notFoundMessage: ADMIN.profileNotFound };
  const adminOnly = { onRequest: async (request: FastifyRequest) => void requireRole(request, "admin") };

  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("cache-control", "no-store");
    return payload;
  });

  app.get(
    "/api/admin/reviews",
    {
      ...staffOnly,
      schema: {
        ...staffOperation("Profiles to review, by status", { 200: reviewPageSchema }),
        querystring: reviewListQuerySchema,
      },
    },
    async (request) => {
      await staff(request);
      const page = await reviews.list(request.query.status, request.query.page);
      return { ...page, items: await withVideos(page.items) };
    },
  );

  app.post(
    "/api/admin/reviews/:profileId/approve",
    {
      ...staffOnly,
      config: profileNotFound,
      schema: {
        ...staffOperation("Approve a profile", { 200: reviewItemSchema, ...errorAnswers(409) }),
        params: profileParams,
      },
    },
    async (request) => reviews.approve(request.params.profileId, await staff(request)),
  );

  app.post(
    "/api/admin/reviews/:profileId/reject",
    {
      ...staffOnly,
      config: profileNotFound,
      schema: {
        ...staffOperation("Reject a profile, with the reason the player reads", {
          200: reviewItemSchema,
          ...errorAnswers(409),
        }),
        params: profileParams,
        body: rejectProfileSchema,
      },
    },
    async (request) => reviews.reject(request.params.profileId, await staff(request), request.body),
  );

  app.post(
    "/api/admin/reviews/:profileId/renew",
    {
      ...staffOnly,
      config: profileNotFound,
      schema: {
        ...staffOperation("Renew an approved profile's public time", { 200: reviewItemSchema, ...errorAnswers(409) }),
        params: profileParams,
      },
    },
    async (request) => reviews.renew(request.params.profileId, await staff(request)),
  );

  app.post(
    "/api/admin/reviews/:profileId/allow-reupload",
    {
      ...staffOnly,
      config: profileNotFound,
      schema: {
        ...staffOperation("Let the player submit new videos", { 200: reviewItemSchema, ...errorAnswers(409) }),
        params: profileParams,
      },
    },
    async (request) => reviews.allowReupload(request.params.profileId, await staff(request)),
  );

  app.get(
    "/api/admin/contact-messages",
    {
      ...staffOnly,
      schema: {
        ...staffOperation("Contact messages, by status", { 200: contactMessagePageSchema }),
        querystring: contactListQuerySchema,
      },
    },
    async (request) => {
      await staff(request);
      return inbox.listContactMessages(request.query.status, request.query.page);
    },
  );

  app.post(
    "/api/admin/contact-messages/:id/handled",
    {
      ...staffOnly,
      config: { notFoundMessage: ADMIN.contactMessageNotFound },
      schema: {
        ...staffOperation("Mark a contact message handled", { 200: contactMessageItemSchema }),
        params: idParams,
      },
    },
    async (request) => inbox.markHandled(request.params.id, await staff(request)),
  );

  app.get(
    "/api/admin/deletion-requests",
    {
      ...staffOnly,
      schema: {
        ...staffOperation("Account-deletion requests, by status", { 200: deletionRequestPageSchema }),
        querystring: deletionListQuerySchema,
      },
    },
    async (request) => {
      await staff(request);
      return inbox.listDeletionRequests(request.query.status, request.query.page);
    },
  );

  app.post(
    "/api/admin/deletion-requests/:id/process",
    {
      ...staffOnly,
      config: { notFoundMessage: ADMIN.deletionRequestNotFound },
      schema: {
        ...staffOperation("Carry out a confirmed deletion request", {
          200: processDeletionAnswerSchema,
          ...errorAnswers(409),
        }),
        params: idParams,
      },
    },
    async (request) => deletion.process(request.params.id, await staff(request)),
  );

  app.get(
    "/api/admin/audit",
    {
      ...adminOnly,
      schema: {
        ...staffOperation("The audit log of staff actions (admins only)", { 200: auditPageSchema }),
        querystring: auditListQuerySchema,
      },
    },
    async (request) => {
      await staff(request, ["admin"]);
      return listAudit(services.db, request.query.page);
    },
  );
};
