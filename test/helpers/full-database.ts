// A database with no room for any write, as on a full disk, on one connection (the server's own:
// its PRAGMAs and temporary triggers hold for that connection only). The file is capped at the
// pages it has (`PRAGMA max_page_count`) and its free pages are used up; and since a small row can
// still fit in a page a table already has (a real full disk refuses it anyway, when the WAL cannot
// grow), a temporary trigger on every table makes each insert, update and delete need a new page.
// Every write then fails inside SQLite with SQLITE_FULL, and works again after makeRoom().
import type { Client } from "@libsql/client";

const SQLITE_DEFAULT_MAX_PAGES = 4294967294;
const FILLER = "test_filler";

const int = async (client: Client, sql: string) => Number((await client.execute(sql)).rows[0][0]);

/** Fills the database and makes every write to its tables need room; `spare` tables keep taking rows that fit. */
export async function holdDatabaseFull(client: Client, opts: { spare?: string[] } = {}): Promise<void> {
  await client.execute(`CREATE TABLE IF NOT EXISTS ${FILLER} (b BLOB)`);
  await client.execute(`PRAGMA max_page_count = ${await int(client, "PRAGMA page_count")}`);
  for (let size = 64 * 1024; size >= 64; size /= 4) {
    for (let i = 0; i < 10_000; i++) {
      try {
        await client.execute(`INSERT INTO ${FILLER} VALUES (randomblob(${size}))`);
      } catch (e) {
        if ((e as { code?: string }).code !== "SQLITE_FULL") throw e;
        break;
      }
    }
  }
  if ((await int(client, "PRAGMA freelist_count")) !== 0) throw new Error("the database still has free pages");
  const spare = new Set(opts.spare ?? []);
  for (const table of await tables(client)) if (!spare.has(table)) await needRoom(client, table);
}

/** Every write to `table` needs a new page from now on (on this connection). */
export async function needRoom(client: Client, table: string): Promise<void> {
  for (const event of ["INSERT", "UPDATE", "DELETE"])
    await client.execute(
      `CREATE TEMP TRIGGER IF NOT EXISTS "needs_room_${table}_${event.toLowerCase()}" AFTER ${event} ON main."${table}"
       BEGIN INSERT INTO ${FILLER} VALUES (randomblob(65536)); END`,
    );
}

/** Space again: the page limit is lifted (the triggers stay; their writes now fit). */
export async function makeRoom(client: Client): Promise<void> {
  await client.execute(`PRAGMA max_page_count = ${SQLITE_DEFAULT_MAX_PAGES}`);
}

async function tables(client: Client): Promise<string[]> {
  const rs = await client.execute(
    `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != '${FILLER}' ORDER BY name`,
  );
  return rs.rows.map((r) => String(r.name));
}
