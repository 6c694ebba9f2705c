import { format } from "node:util";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DatabaseInUseError } from "./db/embedded-lock.ts";
import { toggleDebugLevel } from "./http/logger.ts";
import { contextualLogger } from "./http/request-context.ts";
import { DataDirError } from "./ops/data-dir.ts";
import { listenControlSocket } from "./ops/control-socket.ts";
import { serverCommands } from "./cli/server-commands.ts";
import { installGracefulShutdown } from "./ops/shutdown.ts";
import { VideoToolSettingError } from "./video/choose-video-tools.ts";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Process warnings (the AWS SDK's notice about Node versions, deprecations) become JSON log
  // lines too, instead of plain text on stderr; those raised while starting wait for the logger.
  const earlyWarnings: Error[] = [];
  process.removeAllListeners("warning");
  process.on("warning", (warning) => earlyWarnings.push(warning));

  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof VideoToolSettingError || error instanceof DataDirError) {
      console.error(error.message);
      process.exit(1);
    }
    if (error instanceof DatabaseInUseError) {
      console.error(
        `${error.message} ${
          error.holder?.kind === "server"
            ? "Stop that server first, or give this one another DATA_DIR (several servers on one database need PostgreSQL: DATABASE_URL)."
            : "Wait until it has finished (or stop it), then start the server."
        }`,
      );
      process.exit(1);
    }
    throw error;
  }
  routeConsoleToLog(app.log);
  const logWarning = (warning: Error) =>
    app.log.warn({ warning: { name: warning.name, message: warning.message } }, "process warning");
  earlyWarnings.splice(0).forEach(logWarning);
  process.removeAllListeners("warning");
  process.on("warning", logWarning);
  if (app.services.database.kind === "pglite") {
    // create-staff, seed-demo and backup ask this process, the embedded database's one owner, to do their work.
    const control = await listenControlSocket(config.dataDir, serverCommands(app), app.log);
    app.addHook("onClose", () => control.close());
  }
  installGracefulShutdown(app);
  process.on("SIGUSR2", () =>
    app.log.info({ logLevel: toggleDebugLevel(app.log, config.LOG_LEVEL) }, "log level changed (SIGUSR2)"),
  );
  await app.listen({ port: config.PORT, host: config.HOST });
}

/**
 * Libraries that write to the console (React Router reports a failed render with console.error)
 * would put plain text among the JSON lines; through the logger their lines are JSON too, with
 * the reqId of the request they happened in.
 */
function routeConsoleToLog(base: Parameters<typeof contextualLogger>[0]) {
  const log = contextualLogger(base);
  const write =
    (level: "error" | "warn" | "info") =>
    (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      if (error) log[level]({ err: error }, format(...args.filter((arg) => arg !== error)) || error.message);
      else log[level](format(...args));
    };
  console.error = write("error");
  console.warn = write("warn");
  console.info = write("info");
  console.log = write("info");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
