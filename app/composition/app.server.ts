// The process-wide context: configuration, database and logger, created once on first use.
import { getEnv, type Env } from "~/lib/env.server";
import { openDatabase, type Database } from "~/lib/db.server";
import { createLogger, type Logger } from "~/lib/logger.server";

export interface AppContext {
  env: Env;
  database: Database;
  logger: Logger;
}

let app: Promise<AppContext> | undefined;

export function getApp(): Promise<AppContext> {
  app ??= (async () => {
    const env = getEnv();
    const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, { busyTimeoutMs: env.DB_BUSY_TIMEOUT_MS });
    return { env, database, logger: createLogger(env.LOG_LEVEL) };
  })();
  return app;
}
