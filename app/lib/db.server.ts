import fs from "node:fs";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "../../db/schema";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };
export interface Database {
  client: Client;
  db: Db;
}

const BUSY_TIMEOUT_MS = 5000;

/** Opens a libSQL database (`file:` or a libSQL server URL); local files use WAL and a busy timeout. */
export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  const isFile = url.startsWith("file:");
  if (isFile) {
    const file = url.slice("file:".length);
    if (file && file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  }
  const client = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS });
  if (isFile) {
    await client.execute("PRAGMA journal_mode=WAL");
  }
  return { client, db: drizzle(client, { schema }) };
}
