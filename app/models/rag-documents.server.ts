import { desc, eq, inArray, sql } from "drizzle-orm";
import { ragDocuments } from "../../db/schema";
import type { Db } from "~/lib/db.server";

export type RagDocumentRow = typeof ragDocuments.$inferSelect;
export type NewRagDocument = typeof ragDocuments.$inferInsert;
/** A row without its HTML: listings and stats must not pull megabytes of bodies. */
export type RagDocumentSummary = Omit<RagDocumentRow, "html">;

const IN_CHUNK = 500;

/** Full rows by id (rag_documents is the source of truth); unknown ids are simply absent. */
export async function fetchDocumentsByIds(db: Db, ids: string[]): Promise<Map<string, RagDocumentRow>> {
  const out = new Map<string, RagDocumentRow>();
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const rows = await db
      .select()
      .from(ragDocuments)
      .where(inArray(ragDocuments.id, ids.slice(i, i + IN_CHUNK)))
      .all();
    for (const row of rows) out.set(row.id, row);
  }
  return out;
}

export async function getDocument(db: Db, id: string): Promise<RagDocumentRow | null> {
  return (await db.select().from(ragDocuments).where(eq(ragDocuments.id, id)).get()) ?? null;
}

/** All rows land or none do (one batch), so a failed index upsert has exactly these ids to undo. */
export async function insertDocuments(db: Db, rows: NewRagDocument[]): Promise<void> {
  if (rows.length === 0) return;
  const [first, ...rest] = rows.map((r) => db.insert(ragDocuments).values(r));
  await db.batch([first, ...rest]);
}

export async function deleteDocuments(db: Db, ids: string[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const r = await db
      .delete(ragDocuments)
      .where(inArray(ragDocuments.id, ids.slice(i, i + IN_CHUNK)))
      .run();
    deleted += r.rowsAffected;
  }
  return deleted;
}

/** Replaces the mutable fields of one row; returns false when the id is unknown. */
export async function replaceDocument(
  db: Db,
  id: string,
  fields: Pick<RagDocumentRow, "metadata" | "embeddingText"> & { updatedAt?: Date },
): Promise<boolean> {
  const r = await db
    .update(ragDocuments)
    .set({ metadata: fields.metadata, embeddingText: fields.embeddingText, updatedAt: fields.updatedAt ?? new Date() })
    .where(eq(ragDocuments.id, id))
    .run();
  return r.rowsAffected > 0;
}

/** Every row without the HTML, newest first. */
export async function listDocumentSummaries(db: Db): Promise<RagDocumentSummary[]> {
  return db
    .select({
      id: ragDocuments.id,
      type: ragDocuments.type,
      metadata: ragDocuments.metadata,
      embeddingText: ragDocuments.embeddingText,
      chars: ragDocuments.chars,
      createdAt: ragDocuments.createdAt,
      updatedAt: ragDocuments.updatedAt,
    })
    .from(ragDocuments)
    .orderBy(desc(ragDocuments.createdAt), desc(ragDocuments.id))
    .all();
}

export async function listDocumentSizes(db: Db): Promise<{ id: string; type: RagDocumentRow["type"]; chars: number }[]> {
  return db
    .select({ id: ragDocuments.id, type: ragDocuments.type, chars: ragDocuments.chars })
    .from(ragDocuments)
    .orderBy(ragDocuments.id)
    .all();
}

export async function countDocuments(db: Db): Promise<number> {
  const r = await db
    .select({ n: sql<number>`count(*)` })
    .from(ragDocuments)
    .get();
  return Number(r?.n ?? 0);
}

/** Stable starter-library keys already stored, and whether a seeding run finished. */
export async function seedState(db: Db): Promise<{ keys: Set<string>; complete: boolean; total: number }> {
  const rows = await db
    .select({
      key: sql<string | null>`json_extract(${ragDocuments.metadata}, '$.seed.key')`,
      complete: sql<number | null>`json_extract(${ragDocuments.metadata}, '$.seed.complete')`,
    })
    .from(ragDocuments)
    .all();
  const keys = new Set<string>();
  let complete = false;
  for (const r of rows) {
    if (r.key) keys.add(r.key);
    if (r.complete) complete = true;
  }
  return { keys, complete, total: rows.length };
}

/** Marks every starter document as seeded in one statement, so a restart never re-adds deleted ones. */
export async function markSeedComplete(db: Db): Promise<void> {
  await db
    .update(ragDocuments)
    .set({ metadata: sql`json_set(${ragDocuments.metadata}, '$.seed.complete', json('true'))` })
    .where(sql`json_extract(${ragDocuments.metadata}, '$.seed.key') IS NOT NULL`)
    .run();
}

/** Content hashes of every document (stored at write time; rows written without one are hashed by the caller). */
export async function listContentHashes(db: Db): Promise<{ id: string; hash: string | null }[]> {
  return db
    .select({ id: ragDocuments.id, hash: sql<string | null>`json_extract(${ragDocuments.metadata}, '$.contentHash')` })
    .from(ragDocuments)
    .all();
}

export async function getDocumentHtml(db: Db, id: string): Promise<string | null> {
  const r = await db.select({ html: ragDocuments.html }).from(ragDocuments).where(eq(ragDocuments.id, id)).get();
  return r?.html ?? null;
}
