// The library as admins read it: the index's listing, sizes, and stored documents.
import type { AppContext } from "~/composition/app.server";
import type { StoredMetadata } from "~/domain/retrieval/metadata";
import { getDocument, listDocumentSizes, listDocumentSummaries, type RagDocumentRow } from "~/models/rag-documents.server";
import type { IndexRecord, VectorIndex } from "~/adapters/vector-index/port";
import { failure, type ServiceResult } from "./result";

/** Ids the index is read in, per fetch. */
const FETCH_BATCH = 100;

/** The index's records for `ids`, fetched in batches (a 503 failure when the index is unavailable). */
export async function fetchRecords(vectorIndex: VectorIndex, ids: string[]): Promise<ServiceResult<{ records: IndexRecord[] }>> {
  const records: IndexRecord[] = [];
  for (let i = 0; i < ids.length; i += FETCH_BATCH) {
    const fetched = await vectorIndex.fetch(ids.slice(i, i + FETCH_BATCH));
    if (!fetched.ok) return failure(503, `Vector index unavailable: ${fetched.error}`);
    records.push(...fetched.value);
  }
  return { ok: true, value: { records } };
}

/** Every document in the index (paginated listing, batch-fetched metadata), newest first. */
export async function listContent(app: AppContext): Promise<ServiceResult<{ items: { id: string; metadata: StoredMetadata }[] }>> {
  const { vectorIndex } = app.adapters;
  const ids = await vectorIndex.listIds();
  if (!ids.ok) return failure(503, `Vector index unavailable: ${ids.error}`);
  const fetched = await fetchRecords(vectorIndex, ids.value);
  if (!fetched.ok) return fetched;
  const items = fetched.value.records.map((r) => ({ id: r.id, metadata: r.metadata }));
  const at = (m: StoredMetadata) => (typeof m.submittedAt === "string" ? m.submittedAt : "");
  items.sort((a, b) =>
    at(a.metadata) < at(b.metadata) ? 1 : at(a.metadata) > at(b.metadata) ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0,
  );
  return { ok: true, value: { items } };
}

export interface RagStats {
  totalDocs: number;
  totalChars: number;
  htmlDocs: number;
  blogDocs: number;
  ampDocs: number;
  avgCharsPerDoc: number;
  documents: { id: string; type: string; chars: number }[];
}

export async function ragStats(app: AppContext): Promise<RagStats> {
  const documents = await listDocumentSizes(app.database.db);
  const totalChars = documents.reduce((s, d) => s + d.chars, 0);
  const count = (t: string) => documents.filter((d) => d.type === t).length;
  return {
    totalDocs: documents.length,
    totalChars,
    htmlDocs: count("html"),
    blogDocs: count("blog"),
    ampDocs: count("amp"),
    avgCharsPerDoc: documents.length ? Math.round(totalChars / documents.length) : 0,
    documents,
  };
}

export type { RagDocumentRow };

/** One stored document, whole (the admin's document page). */
export async function getLibraryDocument(app: AppContext, id: string): Promise<RagDocumentRow | null> {
  return (await getDocument(app.database.db, id)) ?? null;
}

/** Every stored document without its HTML (the admin's library page). */
export async function listLibrarySummaries(app: AppContext) {
  return listDocumentSummaries(app.database.db);
}
