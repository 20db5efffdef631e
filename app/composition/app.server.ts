// The process-wide context, created once on first use: configuration, database, logger, and the
// adapter for each port as configuration picks it (composeAdapters, adapters.server.ts). Services
// receive their adapters here (`app.adapters`).
import { getEnv, type Env } from "~/lib/env.server";
import { openDatabase, type Database } from "~/lib/db.server";
import { createLogger, type Logger } from "~/lib/logger.server";
import { composeAdapters, type Adapters } from "./adapters.server";

export interface AppContext {
  env: Env;
  database: Database;
  logger: Logger;
  adapters: Adapters;
}

let app: Promise<AppContext> | undefined;

export function getApp(): Promise<AppContext> {
  app ??= (async () => {
    const env = getEnv();
    const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, { busyTimeoutMs: env.DB_BUSY_TIMEOUT_MS });
    const logger = createLogger(env.LOG_LEVEL);
    return { env, database, logger, adapters: composeAdapters(env, database, logger) };
  })();
  return app;
}
