// An AppContext for service tests: this process's configuration and logger, a fresh migrated
// libSQL database file of its own (a throwaway: nothing else reads it), and the adapters the
// composition module picks for it, with any of them replaced (test/fixtures/in-memory-ports.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate } from "../../db/migrate";
import type { AppContext } from "~/composition/app.server";
import { composeAdapters, type Adapters } from "~/composition/adapters.server";
import { openDatabase } from "~/lib/db.server";
import { getEnv, type Env } from "~/lib/env.server";
import { createLogger } from "~/lib/logger.server";

export interface TestAppOptions {
  /** Ports to use instead of the configured ones. */
  adapters?: Partial<Adapters>;
  /** Configuration to change (the adapters are picked from the changed configuration). */
  env?: Partial<Env>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<AppContext> {
  const env = { ...getEnv(), ...options.env };
  const dir = fs.mkdtempSync(path.join(process.env.KINETIC_DATA_DIR ?? os.tmpdir(), "app-"));
  const database = await openDatabase(`file:${path.join(dir, "test.db")}`);
  await migrate(database.client);
  const logger = createLogger(env.LOG_LEVEL);
  return { env, database, logger, adapters: { ...composeAdapters(env, database, logger), ...options.adapters } };
}
