import type { FastifyPluginAsync } from "fastify";
import type { AppServices } from "../services.ts";

/**
 * Outbound links whose targets are configuration, not code. Pages are prerendered at build
 * time, so they link here and the running server redirects to the configured URL.
 */
export const redirectRoutes: FastifyPluginAsync<{ services: AppServices }> = async (app, { services }) => {
  const { config } = services;
  const targets: Record<string, string> = {
    "/download": config.APP_DOWNLOAD_URL,
    "/download/ios": config.APP_STORE_URL ?? config.APP_DOWNLOAD_URL,
    "/download/android": config.PLAY_STORE_URL ?? config.APP_DOWNLOAD_URL,
    "/go/get-started": config.GET_STARTED_URL ?? config.APP_DOWNLOAD_URL,
  };
  for (const [from, to] of Object.entries(targets)) {
    app.get(from, (_request, reply) => reply.header("cache-control", "no-cache").redirect(to, 302));
  }
  app.get("/home", (_request, reply) => reply.redirect("/", 301));
};
