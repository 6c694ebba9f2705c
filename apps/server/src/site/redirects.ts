import type { FastifyPluginAsync } from "fastify";
import { APP_COMING_PATH } from "@touchline/contract/app-interest";
import type { AppServices } from "../services.ts";

/**
 * Outbound links whose targets are configuration, not code. Pages are prerendered at build
 * time, so they link here and the running server redirects to the configured URL.
 */
export const redirectRoutes: FastifyPluginAsync<{ services: AppServices }> = async (app, { services }) => {
  const { config } = services;
  // No store link yet: a page of ours that says the app is coming and takes a number or address.
  const download = config.APP_DOWNLOAD_URL ?? APP_COMING_PATH;
  const targets: Record<string, string> = {
    "/download": download,
    "/download/ios": config.APP_STORE_URL ?? download,
    "/download/android": config.PLAY_STORE_URL ?? download,
    "/go/get-started": config.GET_STARTED_URL ?? download,
  };
  for (const [from, to] of Object.entries(targets)) {
    app.get(from, (_request, reply) => reply.header("cache-control", "no-cache").redirect(to, 302));
  }
  app.get("/home", (_request, reply) => reply.redirect("/", 301));
};
