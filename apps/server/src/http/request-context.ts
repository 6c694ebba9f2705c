import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

const currentLogger = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * Makes each request's logger (which carries its reqId) the current one for everything that
 * request runs: hooks, handler, services, tus hooks, the web app's rendering. Must be the first
 * onRequest hook: the rest of the request runs inside it.
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => currentLogger.run(request.log, done));
}

/**
 * A logger for services built once at start: while a request runs, its lines go through that
 * request's logger (so they carry its reqId like Fastify's own lines); outside requests (timers,
 * start and stop) through base.
 */
export function contextualLogger(base: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(base, {
    get(target, property) {
      const logger = currentLogger.getStore() ?? target;
      const value = Reflect.get(logger, property, logger) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(logger) : value;
    },
  });
}
