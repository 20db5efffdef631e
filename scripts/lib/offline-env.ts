import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Points this process at a fresh temporary database with every port on its embedded default
 * (local engines and embeddings, libSQL vectors, outbox), whatever the caller's environment says.
 * Call it before anything reads the configuration. Returns the data folder.
 */
export function useOfflineTempEnv(name: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kinetic-${name}-`));
  Object.assign(process.env, {
    KINETIC_SKIP_DOTENV: "1",
    KINETIC_DATA_DIR: dataDir,
    DATABASE_URL: `file:${path.join(dataDir, "kinetic.db")}`,
    LLM_PROVIDER: "local",
    EMBEDDINGS_PROVIDER: "local",
    VECTOR_INDEX: "libsql",
    EMAIL_PROVIDER: "outbox",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
  });
  for (const key of ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL", "PINECONE_API_KEY", "ALERT_WEBHOOK_URL"])
    delete process.env[key];
  return dataDir;
}
