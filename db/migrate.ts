import path from "node:path";
import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate as drizzleMigrate } from "drizzle-orm/libsql/migrator";

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "db/migrations");

/** Applies the committed migrations; idempotent (drizzle records them in __drizzle_migrations). */
export async function migrate(client: Client): Promise<void> {
  await drizzleMigrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
}

/** Number of applied migrations vs. the number committed, for /healthz. */
export async function migrationState(client: Client): Promise<{ applied: number; available: number }> {
  const fs = await import("node:fs");
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  let applied = 0;
  try {
    const rs = await client.execute("select count(*) as n from __drizzle_migrations");
    applied = Number(rs.rows[0]?.n ?? 0);
  } catch {
    applied = 0;
  }
  return { applied, available: journal.entries.length };
}
