import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { smsBudgetStatusSchema } from "@touchline/contract/answers/sms-budget";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import { requireRole } from "../http/request-user.ts";
import type { AppServices } from "../services.ts";
import { createSmsBudget } from "./sms-budget.ts";

/** The SMS budget's alert for staff: each country and period whose budget was reached, now. */
export const smsBudgetRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const budget = createSmsBudget(services);

  app.get(
    "/api/admin/sms-budget",
    {
      onRequest: async (request) => void requireRole(request, "reviewer", "admin"),
      schema: {
        summary: "Countries whose SMS budget is reached this hour or day, for staff",
        security: ACCESS.session,
        response: { 200: smsBudgetStatusSchema, ...errorAnswers(401, 403) },
      },
    },
    async (_request, reply) => {
      const reached = (await budget.reached()).map((row) => ({ ...row, until: row.until.toISOString() }));
      return reply.header("cache-control", "no-store").send({ reached });
    },
  );
};
