import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";

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

  const app = await buildApp(config);
  await app.listen({ port: config.PORT, host: config.HOST });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.healthState.draining = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      app.log.error("shutdown took longer than 25 s; exiting");
      process.exit(1);
    }, 25_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
