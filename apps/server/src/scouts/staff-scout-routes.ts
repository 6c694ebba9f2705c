import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffScoutDecisionSchema } from "@touchline/contract/scout-schemas";
import { SCOUT_DECISIONS, SCOUT_STATES } from "@touchline/contract/scouts";
import { STAFF_ROLES } from "@touchline/contract/session";
import { createPlayerStore } from "../auth/player-store.ts";
import { requireRole } from "../auth/request-user.ts";
import {
  scoutAnswerSchema,
  scoutReportListAnswerSchema,
  staffScoutListAnswerSchema,
} from "@touchline/contract/answers/scouts";
import { messageAnswerSchema } from "@touchline/contract/answers/common";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import type { Actor } from "../admin/audit.ts";
import { createScoutAccountService } from "./scout-account-service.ts";
import { toScoutAccountView } from "./scout-account-store.ts";

const listQuery = z.object({ state: z.enum(SCOUT_STATES).optional().default("unverified") });
const decisionParams = z.object({
  id: z.string().max(100),
  decision: z.enum(SCOUT_DECISIONS),
});
const idParams = z.object({ id: z.string().max(100) });
/** Every route here is for staff: anonymous visitors 401, everyone else 403. */
const staffErrors = errorAnswers(401, 403);

/** Staff checking scouts in the review console: every decision is in the audit log. */
export const staffScoutRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const accounts = createScoutAccountService(services);
  const players = createPlayerStore(services.db, services.now);

  const staff = async (request: FastifyRequest): Promise<Actor> => {
    const user = requireRole(request, ...STAFF_ROLES);
    const row = await players.byId(user.playerId);
    return { id: user.playerId, username: row?.username ?? "unknown" };
  };

  app.addHook("onRequest", async (request, reply) => {
    requireRole(request, ...STAFF_ROLES);
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/api/admin/scouts",
    {
      schema: {
        summary: "Scouts in one state, for staff to check",
        security: ACCESS.session,
        querystring: listQuery,
        response: { 200: staffScoutListAnswerSchema, ...staffErrors },
      },
    },
    async (request) => {
      const rows = await accounts.store.list(request.query.state);
      return { items: rows.map((row) => toScoutAccountView(row, services.config.SMS_COUNTRIES)) };
    },
  );

  app.post(
    "/api/admin/scouts/:id/:decision",
    {
      schema: {
        summary: "Verify, reject, suspend or restore a scout",
        security: ACCESS.session,
        params: decisionParams,
        body: z.optional(staffScoutDecisionSchema),
        response: { 200: scoutAnswerSchema, ...staffErrors, ...errorAnswers(409) },
      },
    },
    async (request) => {
      const actor = await staff(request);
      const scout = await accounts.decide(
        actor,
        request.params.id,
        request.params.decision,
        request.body?.reason ?? "",
      );
      return { scout };
    },
  );

  app.get(
    "/api/admin/scout-reports",
    {
      schema: {
        summary: "Open reports about scouts",
        security: ACCESS.session,
        response: { 200: scoutReportListAnswerSchema, ...staffErrors },
      },
    },
    async () => {
      const reports = await accounts.store.openReports();
      return {
        items: reports.map((report) => ({
          id: report.id,
          scoutId: report.scoutId,
          playerUsername: report.playerUsername,
          reason: report.reason,
          createdAt: report.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    "/api/admin/scout-reports/:id/handled",
    {
      schema: {
        summary: "Mark a report about a scout handled",
        security: ACCESS.session,
        params: idParams,
        response: { 200: messageAnswerSchema, ...staffErrors },
      },
    },
    async (request) => {
      return accounts.handleReport(await staff(request), request.params.id);
    },
  );
};
