import type { FastifyInstance } from "fastify";
import type { ViewCounter } from "./view-counter.ts";

/** Answers that showed the page or a video: whole, a range, or "your copy is still right". */
const SHOWN = new Set([200, 206, 304]);

/**
 * Counts each request a route marked as a view of a public profile (http/viewed-profile.ts),
 * after its response has gone: a callback hook, so no promise is made for any request, and the
 * counter only files the view in memory (view-counter.ts).
 */
export function countViewsAfterResponse(app: FastifyInstance, counter: ViewCounter): void {
  app.addHook("onResponse", (request, reply, done) => {
    const viewed = request.viewedProfile;
    if (viewed && request.method === "GET" && SHOWN.has(reply.statusCode)) {
      counter.record({
        ...viewed,
        viewer: request.user ? { playerId: request.user.playerId, role: request.user.role } : null,
        address: request.ip,
        userAgent: request.headers["user-agent"],
      });
    }
    done();
  });
}
