import { inArray } from "drizzle-orm";
import { ragDocuments } from "../../db/schema";
import type { Db } from "~/lib/db.server";

export type RagDocumentRow = typeof ragDocuments.$inferSelect;

const IN_CHUNK = 500;

/** Full rows by id (rag_documents is the source of truth); unknown ids are simply absent. */
export async function fetchDocumentsByIds(db: Db, ids: string[]): Promise<Map<string, RagDocumentRow>> {
  const out = new Map<string, RagDocumentRow>();
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const rows = await db.select().from(ragDocuments).where(inArray(ragDocuments.id, ids.slice(i, i + IN_CHUNK))).all();
    for (const row of rows) out.set(row.id, row);
  }
  return out;
}
