// npm run library:import -- DIR [--min-chars 200] [--dry-run]
// Imports every .html/.htm file under DIR into the retrieval library, auto-tagged by the tag
// engine (AMP detected by ⚡4email / amp4email on the <html> tag). Skips empty, unreadable, too
// short and duplicate (same content hash, in DIR or already in the library) files.
import fs from "node:fs/promises";
import path from "node:path";
import { migrate } from "../db/migrate";
import { getApp, type AppContext } from "../app/composition/app.server";
import { getDocumentHtml, listContentHashes } from "../app/models/rag-documents.server";
import { contentHash, submitContent } from "../app/services/library.server";
import type { LibraryInput } from "../app/domain/requests/library";
import { fail, isMainModule, parseArgs, runCli, stringFlag } from "./lib/args";

const USAGE = "usage: npm run library:import -- DIR [--min-chars 200] [--dry-run]";

export interface ImportOptions {
  minChars?: number;
  dryRun?: boolean;
  /** Where progress and the summary go; a TTY gets a redrawn progress bar. */
  out?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
}

export interface ImportSummary {
  files: number;
  imported: { file: string; id: string; type: string; technique: string; complexity: string }[];
  skipped: { file: string; reason: string }[];
  failed: { file: string; error: string }[];
  /** Files not attempted because the embedder or index went down. */
  notAttempted: string[];
}

const AMP_HTML_TAG = /<html\b[^>]*?(?:⚡4email|amp4email)/i;

export function isAmpEmail(html: string): boolean {
  return AMP_HTML_TAG.test(html);
}

async function listHtmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    const entries = await fs.readdir(d, { withFileTypes: true });
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (/\.html?$/i.test(e.name)) out.push(p);
    }
  };
  await walk(dir);
  return out.sort();
}

function progressBar(done: number, total: number, label: string, columns: number): string {
  const width = 24;
  const filled = total ? Math.round((done / total) * width) : width;
  const text = `[${"█".repeat(filled)}${"░".repeat(width - filled)}] ${done}/${total} ${label}`;
  return text.length > columns - 1 ? text.slice(0, columns - 2) + "…" : text.padEnd(columns - 1);
}

/** Hashes of everything already stored; rows written before hashes existed are hashed from their HTML. */
async function existingHashes(app: AppContext): Promise<Map<string, string>> {
  const known = new Map<string, string>();
  for (const { id, hash } of await listContentHashes(app.database.db)) {
    const h = hash ?? contentHash((await getDocumentHtml(app.database.db, id)) ?? "");
    known.set(h, id);
  }
  return known;
}

export async function importLibrary(app: AppContext, dir: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const out = options.out ?? process.stdout;
  const minChars = options.minChars ?? 200;
  const tty = Boolean(out.isTTY);
  const files = await listHtmlFiles(dir);
  const summary: ImportSummary = { files: files.length, imported: [], skipped: [], failed: [], notAttempted: [] };
  const known = await existingHashes(app);
  const { engines } = app.adapters;
  const rel = (f: string) => path.relative(dir, f) || path.basename(f);

  const report = (i: number, line: string) => {
    if (tty) out.write(`\r${progressBar(i + 1, files.length, rel(files[i]), out.columns ?? 80)}`);
    else out.write(`[${i + 1}/${files.length}] ${line}\n`);
  };

  for (let i = 0; i < files.length; i++) {
    const file = files[i];
    const name = rel(file);
    let html: string;
    try {
      html = await fs.readFile(file, "utf8");
    } catch (e) {
      const reason = `unreadable (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
      summary.skipped.push({ file: name, reason });
      report(i, `skipped ${name}: ${reason}`);
      continue;
    }
    const trimmed = html.trim();
    const reason = !trimmed
      ? "empty"
      : trimmed.length < minChars
        ? `too short (${trimmed.length} chars, minimum ${minChars})`
        : known.has(contentHash(html))
          ? `duplicate of ${known.get(contentHash(html))}`
          : null;
    if (reason) {
      summary.skipped.push({ file: name, reason });
      report(i, `skipped ${name}: ${reason}`);
      continue;
    }

    const uploadType = isAmpEmail(html) ? "amp" : "html";
    const tagged = await engines.tag.tag({ htmlContent: html, contentType: uploadType });
    if (!tagged.ok) {
      summary.failed.push({ file: name, error: `auto-tag: ${tagged.error}` });
      report(i, `failed ${name}: auto-tag: ${tagged.error}`);
      continue;
    }
    const t = tagged.tags;
    const input: LibraryInput =
      uploadType === "amp"
        ? {
            uploadType,
            htmlContent: html,
            description: t.description,
            technique: t.technique,
            complexity: t.complexity,
            embeddingText: t.embedding_text,
          }
        : {
            uploadType,
            htmlContent: html,
            description: t.description,
            technique: t.technique,
            complexity: t.complexity,
            emailPurpose: t.emailPurpose,
            keyFeatures: t.keyFeatures,
            bestPracticeTags: t.bestPracticeTags,
            embeddingText: t.embedding_text,
          };
    if (options.dryRun) {
      known.set(contentHash(html), `(${name})`);
      summary.imported.push({ file: name, id: "(dry run)", type: uploadType, technique: t.technique, complexity: t.complexity });
      report(i, `would import ${name} as ${uploadType} ${t.technique}/${t.complexity}`);
      continue;
    }
    const stored = await submitContent(app, input, { embeddingTextSource: "auto-tag" });
    if (!stored.ok) {
      summary.failed.push({ file: name, error: stored.error });
      report(i, `failed ${name}: ${stored.error}`);
      // The embedder or the index is down: every further file would fail the same way.
      if (stored.status === 503) {
        summary.notAttempted = files.slice(i + 1).map(rel);
        break;
      }
      continue;
    }
    const doc = stored.value;
    known.set(contentHash(html), doc.id);
    summary.imported.push({
      file: name,
      id: doc.id,
      type: uploadType,
      technique: "technique" in doc.metadata ? doc.metadata.technique : t.technique,
      complexity: t.complexity,
    });
    report(i, `imported ${name} → ${doc.id}`);
  }
  if (tty && files.length) out.write("\n");
  return summary;
}

export function formatSummary(s: ImportSummary, dir: string, dryRun = false): string {
  const lines: string[] = [];
  const byType = (t: string) => s.imported.filter((x) => x.type === t).length;
  lines.push(
    `${dryRun ? "Would import" : "Imported"} ${s.imported.length} of ${s.files} files from ${dir} (html ${byType("html")}, amp ${byType("amp")})`,
  );
  for (const x of s.imported) lines.push(`  ${x.file} → ${x.id}  ${x.type} ${x.technique}/${x.complexity}`);
  if (s.skipped.length) {
    lines.push(`Skipped ${s.skipped.length}:`);
    for (const x of s.skipped) lines.push(`  ${x.file}: ${x.reason}`);
  }
  if (s.failed.length) {
    lines.push(`Failed ${s.failed.length}:`);
    for (const x of s.failed) lines.push(`  ${x.file}: ${x.error}`);
  }
  if (s.notAttempted.length)
    lines.push(`Not attempted ${s.notAttempted.length} (fix the outage and run again; imported files are skipped as duplicates)`);
  return lines.join("\n");
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv, { strings: ["min-chars"], booleans: ["dry-run"] }, USAGE);
  const [dir] = args.positional;
  if (!dir) fail("DIR is required", USAGE);
  const stat = await fs.stat(dir).catch(() => null);
  if (!stat?.isDirectory()) fail(`${dir} is not a directory`, USAGE);
  const minRaw = stringFlag(args, "min-chars");
  const minChars = minRaw === undefined ? 200 : Number(minRaw);
  if (!Number.isInteger(minChars) || minChars < 1) fail("--min-chars must be a whole number ≥ 1", USAGE);

  const app = await getApp();
  await migrate(app.database.client);
  const dryRun = args.flags["dry-run"] === true;
  const summary = await importLibrary(app, dir, { minChars, dryRun });
  console.log(formatSummary(summary, dir, dryRun));
  return summary.failed.length ? 1 : 0;
}

if (isMainModule(__filename)) runCli(() => main(process.argv.slice(2)));
