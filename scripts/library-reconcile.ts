// npm run library:reconcile [-- --repair] [--json]
// Compares rag_documents (the source of truth) with the vector index: rows without vectors,
// vectors without rows, metadata that differs from what the row says, and vectors made by another
// embedding model. --repair re-embeds and upserts the first, deletes orphan vectors, and re-embeds
// mismatches. Exit code: 0 no drift (or all repaired), 1 drift left, 2 usage, 3 index unreachable.
import { migrate } from "../db/migrate";
import { getApp } from "../app/composition/app.server";
import { reconcileLibrary, type ReconcileReport } from "../app/services/library-reconcile.server";
import { fail, isMainModule, parseArgs, runCli } from "./lib/args";

const USAGE = "usage: npm run library:reconcile [-- --repair] [--json]";
const SHOWN = 20;

function listLines(title: string, ids: string[]): string[] {
  const lines = [`${title}: ${ids.length}`];
  for (const id of ids.slice(0, SHOWN)) lines.push(`  ${id}`);
  if (ids.length > SHOWN) lines.push(`  … and ${ids.length - SHOWN} more`);
  return lines;
}

export function formatReport(r: ReconcileReport, indexName: string): string {
  const lines = [`rag_documents: ${r.rows} rows; vector index (${indexName}): ${r.vectors} vectors`];
  lines.push(...listLines("rows without vectors", r.missingVectors));
  lines.push(...listLines("vectors without rows", r.orphanVectors));
  lines.push(`metadata mismatches: ${r.mismatched.length}`);
  for (const m of r.mismatched.slice(0, SHOWN)) lines.push(`  ${m.id}: ${m.fields.join(", ")}`);
  if (r.mismatched.length > SHOWN) lines.push(`  … and ${r.mismatched.length - SHOWN} more`);
  const drift = r.missingVectors.length + r.orphanVectors.length + r.mismatched.length;
  if (r.repaired) {
    lines.push(
      `repaired: ${r.repaired.reembedded} re-embedded, ${r.repaired.deleted} orphan vectors deleted, ${r.repaired.failed.length} failed`,
    );
    for (const f of r.repaired.failed.slice(0, SHOWN)) lines.push(`  ${f.id}: ${f.error}`);
  } else lines.push(drift ? `Drift found. Run with --repair to fix it.` : "No drift.");
  return lines.join("\n");
}

export function exitCodeFor(r: ReconcileReport): number {
  if (r.repaired) return r.repaired.failed.length ? 1 : 0;
  return r.missingVectors.length + r.orphanVectors.length + r.mismatched.length ? 1 : 0;
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv, { booleans: ["repair", "json"] }, USAGE);
  if (args.positional.length) fail(`unexpected argument ${args.positional[0]}`, USAGE);
  const repair = args.flags.repair === true;
  const app = await getApp();
  await migrate(app.database.client);
  const tty = process.stderr.isTTY;
  const result = await reconcileLibrary(app, {
    repair,
    onProgress: (done, total) => {
      if (tty) process.stderr.write(`\rre-embedding ${done}/${total}${done === total ? "\n" : ""}`);
    },
  });
  if (!result.ok) {
    console.error(`error: ${result.error}`);
    return 3;
  }
  const { report } = result.value;
  if (args.flags.json === true) console.log(JSON.stringify(report, null, 2));
  else console.log(formatReport(report, app.adapters.vectorIndex.name));
  return exitCodeFor(report);
}

if (isMainModule(__filename)) runCli(() => main(process.argv.slice(2)));
