// First start: the starter library (db/seed) goes in through the library service, like any upload.
import { loadStarterLibraryEntries, type SeedDocument, type SeedEntry } from "../../db/seed";
import type { AppContext } from "~/composition/app.server";
import { addDocuments } from "./library.server";
import type { LibraryInput } from "~/domain/requests/library";
import { markSeedComplete, seedState } from "~/models/rag-documents.server";

export type SeedOutcome = (
  | { status: "disabled" | "not-empty" | "already-seeded" }
  | { status: "seeded"; added: number; skipped: number }
  | { status: "failed"; added: number; error: string }
) & { /** A line for the start-up banner, when there is something to say. */ note?: string };

/** Batches keep one embedding call per batch yet let the log show progress. */
const BATCH = 12;

export function seedInput(doc: SeedDocument): LibraryInput {
  if (doc.uploadType === "html") {
    const { whatIsWrong, ...rest } = doc;
    return { ...rest, ...(whatIsWrong ? { whatIsWrong } : {}) };
  }
  if (doc.uploadType === "amp") {
    // ampComponents are read from the HTML by the service, so the stored list is always the truth.
    const { ampComponents: _ignored, ...rest } = doc;
    return rest;
  }
  return doc;
}

/**
 * Seeds when SEED_LIBRARY is on and the library is empty. A first start that stopped half-way
 * resumes by the entries' stable keys; once a run completes it is marked, so documents an admin
 * deletes later are not brought back. Failures are logged and reported, never thrown: a down
 * embedding provider must not stop the service from starting.
 */
export async function seedLibrary(app: AppContext, entries: () => SeedEntry[] = loadStarterLibraryEntries): Promise<SeedOutcome> {
  if (!app.env.SEED_LIBRARY) return { status: "disabled" };
  const { db } = app.database;
  const state = await seedState(db);
  if (state.complete) return { status: "already-seeded" };
  if (state.total > 0 && state.keys.size === 0) return { status: "not-empty" };

  // Reversed: timestamps rise with insertion and lists are newest first, so the list then reads
  // in the starter library's own order (positives, negatives, AMP, articles).
  const todo = entries()
    .filter((e) => !state.keys.has(e.key))
    .reverse();
  const skipped = state.keys.size;
  const log = app.logger.child({ component: "seed-library" });
  log.info({ documents: todo.length, resumed: skipped > 0 ? skipped : undefined }, "seeding the starter library");
  let added = 0;
  for (let i = 0; i < todo.length; i += BATCH) {
    const part = todo.slice(i, i + BATCH);
    const r = await addDocuments(
      app,
      part.map((e) => ({ input: seedInput(e.document), options: { seedKey: e.key } })),
    );
    if (!r.ok) {
      log.warn({ added, error: r.error }, "starter library seeding stopped; it resumes on the next start");
      return {
        status: "failed",
        added,
        error: r.error,
        note: `Starter library: seeding stopped after ${added} documents (${r.error}); it resumes on the next start.`,
      };
    }
    added += part.length;
    log.info({ added, of: todo.length }, "starter library progress");
  }
  await markSeedComplete(db);
  log.info({ added, skipped }, "starter library seeded");
  return { status: "seeded", added, skipped, note: `Starter library: ${added} example documents added (SEED_LIBRARY=false to skip).` };
}
