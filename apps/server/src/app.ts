import fs from "node:fs";
import path from "node:path";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import { randomCode } from "./auth/secrets.ts";
import { connectDatabase, type DatabaseConnection } from "./db/client.ts";
import { createDatabaseAvailability, type RetryOptions } from "./db/availability.ts";
import type { LockOwner } from "./db/embedded-lock.ts";
import { answerSerializerCompiler } from "./http/answer-serializer.ts";
import { compressMemo } from "./http/compress-memo.ts";
import { refuseApiUntilDatabaseReady } from "./http/unavailable-gate.ts";
import { adminRoutes } from "./admin/admin-routes.ts";
import { ageReviewRoutes } from "./admin/age-review-routes.ts";
import { profileChangeRoutes } from "./admin/profile-change-routes.ts";
import { agesPlugin } from "./ages/plugin.ts";
import { replacedCopiesPlugin } from "./backup/replaced-copies-plugin.ts";
import { coachesPlugin } from "./coaches/plugin.ts";
import { evaluationsPlugin } from "./evaluations/plugin.ts";
import { authRoutes } from "./auth/auth-routes.ts";
import { guardianRoutes } from "./auth/guardian-routes.ts";
import { createPlayerStore, toSessionInfo, type PlayerRow } from "./auth/player-store.ts";
import { createEmailSender, type EmailSender } from "./email/sender.ts";
import { installSessions } from "./auth/session-plugin.ts";
import { healthRoutes, type HealthState } from "./health/health-routes.ts";
import { installErrorHandler } from "./http/errors.ts";
import type { AnyJobKind } from "./jobs/job-kind.ts";
import { allJobKinds } from "./jobs/job-kinds.ts";
import { PRODUCT_JOB_KINDS } from "./product-job-kinds.ts";
import { startJobs, type JobsTuning } from "./jobs/jobs.ts";
import { loggerOptions } from "./http/logger.ts";
import { contextualLogger, installRequestContext } from "./http/request-context.ts";
import { createStorage } from "./media/create-storage.ts";
import { mediaPlugin } from "./media/plugin.ts";
import { ownProfileForWeb } from "./players/web-context.ts";
import { ownPanelsForWeb } from "./ages/web-context.ts";
import { profileRoutes } from "./players/profile-routes.ts";
import { profileEditRoutes } from "./players/profile-edit-routes.ts";
import { installOriginCheck } from "./http/origin-check.ts";
import { clientAddressKey } from "./http/client-address.ts";
import { postgresRateLimitStore } from "./http/rate-limit-store.ts";
import { API_CSP } from "./http/security-headers.ts";
import { installBodyDeadline, serverTimeouts } from "./http/timeouts.ts";
import { fastifyTrustProxy, forwardedHostFilter } from "./http/trust-proxy.ts";
import type { AppServices } from "./services.ts";
import { openApiRoutes, registerOpenApi } from "./openapi/openapi.ts";
import { redirectRoutes } from "./site/redirects.ts";
import { createSmsSender, type SmsSender } from "./sms/sender.ts";
import { createSmsBudget, withSmsBudget } from "./notifications/sms-budget.ts";
import { smsBudgetRoutes } from "./notifications/sms-budget-routes.ts";
import { siteRoutes } from "./site/site-routes.ts";
import { scoutsPlugin } from "./scouts/plugin.ts";
import { notificationRoutes } from "./notifications/notification-routes.ts";
import { talentRoutes } from "./talent/talent-routes.ts";
import { talentForWeb } from "./talent/web-context.ts";
import { usernameKeyOf } from "./auth/player-store.ts";
import { declareViewedProfile, markProfileViewed } from "./http/viewed-profile.ts";
import { installViewCounting, interestPlugin } from "./interest/plugin.ts";
import { interestForWeb } from "./interest/web-context.ts";
import type { ViewCounter } from "./interest/view-counter.ts";
import { registerWeb } from "./web/serve-web.ts";
import { answerNotFoundForNonUuidIds } from "./http/uuid-params.ts";
import { createSiteService } from "./site/site-service.ts";
import { prepareDataDir } from "./ops/data-dir.ts";
import { chooseVideoTools, logVideoTools, type VideoToolsChoice } from "./video/choose-video-tools.ts";

export interface BuildOptions {
  /** An already-connected database (tests share one per file); otherwise one is opened from config. */
  database?: DatabaseConnection;
  now?: () => Date;
  randomCode?: () => string;
  /** Where log lines go instead of stdout (tests). */
  logStream?: { write(line: string): void };
  /** Replaces the SMS provider of the configuration (tests). */
  sms?: SmsSender;
  /** Replaces the e-mail provider of the configuration (tests). */
  email?: EmailSender;
  /** Serve the built web app when it exists (default true). */
  web?: boolean;
  /** How soon an unreachable database is tried again (tests shorten it). */
  databaseRetry?: RetryOptions;
  /** Who holds the embedded database, in others' messages; a server on config.PORT by default. */
  lockOwner?: LockOwner;
  /** The kinds of job this server knows (default: jobs/job-kinds.ts); tests bring their own. */
  jobKinds?: AnyJobKind[];
  /** Shorter job timings (tests). */
  jobsTuning?: JobsTuning;
  /** false: this process only enqueues, whatever JOBS_IN_PROCESS says (command-line tools). */
  workJobs?: boolean;
}

export type App = FastifyInstance & {
  services: AppServices;
  healthState: HealthState;
  /** Views of public profiles waiting to be counted; tests flush them. */
  views: ViewCounter;
};

/** Builds the whole server: API, media, and the web app. Tests call it and use inject(). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  // First: everything this process creates from here on is owner-only.
  const dataDir = prepareDataDir(config.dataDir);
  const app = Fastify({
    // A test can collect the log lines (to prove no secret reaches them) by passing logStream.
    logger: options.logStream
      ? { ...(loggerOptions(config) as object), stream: options.logStream }
      : loggerOptions(config),
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    rewriteUrl: forwardedHostFilter(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    ...serverTimeouts({
      requestMs: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      idleMs: config.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by serializers compiled from their zod schemas (http/answer-serializer.ts);
  // outside production each answer is also checked against zod's.
  app.setSerializerCompiler(answerSerializerCompiler({ verify: !config.isProduction }));
  // First hook: services' log lines written during a request carry its reqId.
  installRequestContext(app);
  const log = contextualLogger(app.log);
  if (dataDir.mended > 0) {
    app.log.warn(
      { dataDir: config.dataDir, mended: dataDir.mended, ms: dataDir.ms },
      "data directory: group and other permissions removed from files an older version left open",
    );
  }
  // Asking each candidate ffmpeg its version takes a few hundred milliseconds: done while the
  // database opens.
  const choosingVideoTools = chooseVideoTools(config);
  choosingVideoTools.catch(() => {}); // awaited below

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await connectDatabase({
      url: config.DATABASE_URL,
      pgliteDir: path.join(config.dataDir, "db"),
      poolSize: config.DATABASE_POOL_SIZE,
      lockOwner: options.lockOwner ?? { kind: "server", port: config.PORT },
    }));
  let video: VideoToolsChoice;
  try {
    video = await choosingVideoTools;
  } catch (error) {
    // An FFMPEG_PATH that does not run stops the start, and the database is let go first.
    if (ownsDatabase) await database.close();
    throw error;
  }
  logVideoTools(app.log, video);
  // An unreachable database does not stop the start: the server answers 503 and keeps trying.
  const availability = createDatabaseAvailability(database, app.log, options.databaseRetry);
  await availability.start();
  app.addHook("onClose", async () => availability.stop());
  if (ownsDatabase) {
    // onClose runs after the server has finished the requests in flight (Fastify closes it first).
    app.addHook("onClose", async () => {
      await database.close();
      app.log.info({ database: database.kind }, "database closed");
    });
  }

  // In this process one job at a time (JOBS_IN_PROCESS), so requests keep the CPU they need.
  const jobs = startJobs({
    database,
    log,
    kinds: options.jobKinds ?? [...PRODUCT_JOB_KINDS, ...allJobKinds()],
    leaseSeconds: config.JOB_LEASE_SECONDS,
    work: config.JOBS_IN_PROCESS && options.workJobs !== false ? { concurrency: 1, services: () => services } : null,
    tuning: options.jobsTuning,
  });
  const now = options.now ?? (() => new Date());
  const services: AppServices = {
    config,
    database,
    db: database.db,
    log,
    now,
    randomCode: options.randomCode ?? randomCode,
    // Every SMS, whatever sends it, goes through the product's budget and country list.
    sms: withSmsBudget(
      options.sms ?? createSmsSender(config, log),
      createSmsBudget({ db: database.db, config, now, log }),
    ),
    email: options.email ?? createEmailSender(config, log),
    storage: createStorage(config),
    jobs: jobs.queue,
    videoTools: video.tools,
  };
  // preClose: running jobs get their grace period from the start of the shutdown; onClose
  // (added after the database's, so it runs before it) waits for them.
  app.addHook("preClose", async () => jobs.beginStop());
  app.addHook("onClose", async () => jobs.stop());
  await jobs.firstAttempt;
  const healthState: HealthState = { draining: false, databaseReady: () => availability.ready };

  installErrorHandler(app);
  installBodyDeadline(app, config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000);
  refuseApiUntilDatabaseReady(app, availability);
  installOriginCheck(app, config.PUBLIC_URL);
  await app.register(helmet, {
    contentSecurityPolicy: false,
    hsts: config.isProduction,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  // Pages set their own CSP (hashes of their inline scripts), and static files that need one set
  // it on the raw response (the service worker); everything else gets the strict one.
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy") && !reply.raw.hasHeader("content-security-policy"))
      reply.header("content-security-policy", API_CSP);
    return payload;
  });
  // Small answers are compressed once per distinct body (http/compress-memo.ts).
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"], zlib: compressMemo().zlib });
  await app.register(cookie);
  // Counted in PostgreSQL, so each route's limit holds across every instance; an IPv6 client by its /64.
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(services.db, services.now),
    keyGenerator: (request) => clientAddressKey(request.ip),
  });
  // request.user for every route below; needs the cookie parser above.
  installSessions(app, services);
  // Views of public profiles (pages and videos) are counted after their responses have gone.
  declareViewedProfile(app);
  const views = installViewCounting(app, services);
  // Before every route: ids in paths that are not UUIDs answer 404 here, never reaching SQL.
  answerNotFoundForNonUuidIds(app);
  // Before every route: @fastify/swagger describes the routes added after it.
  await registerOpenApi(app);

  await app.register(healthRoutes, { services, state: healthState });
  await app.register(openApiRoutes);
  await app.register(authRoutes, { services });
  await app.register(guardianRoutes, { services });
  await app.register(siteRoutes, { services });
  await app.register(mediaPlugin, { services });
  await app.register(profileRoutes, { services });
  await app.register(profileEditRoutes, { services });
  await app.register(agesPlugin, { services });
  await app.register(replacedCopiesPlugin, { services });
  await app.register(adminRoutes, { services });
  await app.register(ageReviewRoutes, { services });
  await app.register(profileChangeRoutes, { services });
  await app.register(talentRoutes, { services });
  await app.register(scoutsPlugin, { services });
  await app.register(coachesPlugin, { services });
  await app.register(evaluationsPlugin, { services });
  await app.register(notificationRoutes, { services });
  await app.register(smsBudgetRoutes, { services });
  await app.register(redirectRoutes, { services });
  await app.register(interestPlugin, { services });

  const webBuild = config.webBuildDir;
  const talent = talentForWeb(services);
  const site = createSiteService(services.db, services.now);
  const accounts = createPlayerStore(services.db, services.now);
  const ownProfile = ownProfileForWeb(services);
  const ownPanels = ownPanelsForWeb(services);
  const ownInterest = interestForWeb(services);
  if (options.web !== false && webBuild && fs.existsSync(path.join(webBuild, "server", "index.js"))) {
    await registerWeb(app, {
      buildDir: webBuild,
      mode: config.isProduction ? "production" : "development",
      publicUrl: config.PUBLIC_URL,
      // The session the cookie names, read only by the pages that ask (the player area and
      // console layouts), so their HTML arrives with it instead of a "Loading..." gate.
      loadContext: (request) => ({
        talent: {
          ...talent,
          getPlayer: async (username) => {
            const player = await talent.getPlayer(username);
            if (player) markProfileViewed(request, { usernameKey: usernameKeyOf(player.username) });
            return player;
          },
        },
        site,
        currentSession: async () =>
          request.user ? toSessionInfoOrNull(await accounts.byId(request.user.playerId)) : null,
        ownProfile: () => ownProfile(request.user),
        ownAgeCheck: () => ownPanels.ageCheck(request.user),
        ownGuardianStatus: () => ownPanels.guardian(request.user),
        ownInterest: () => ownInterest(request.user),
      }),
    });
  }

  return Object.assign(app, { services, healthState, views }) as unknown as App;
}

const toSessionInfoOrNull = (player: PlayerRow | undefined) => (player ? toSessionInfo(player) : null);
