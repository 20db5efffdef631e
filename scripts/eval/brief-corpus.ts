// The brief corpus on disk (scripts/eval/briefs/*.json): loading every file, and
// `npx tsx scripts/eval/brief-corpus.ts [FILE…]`, which checks the labels (schema, every label written
// in its prompt, ids unique) and prints the counts per language, kind, form and split.
import fs from "node:fs";
import path from "node:path";
import { type CorpusBrief, labelProblems, parseCorpus, splitOf } from "../../app/domain/eval/brief-corpus";

export const CORPUS_DIR = "scripts/eval/briefs";

export function corpusFiles(dir = CORPUS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => path.join(dir, f));
}

export function loadCorpus(files = corpusFiles()): { briefs: CorpusBrief[]; errors: string[] } {
  const briefs: CorpusBrief[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const parsed = parseCorpus(fs.readFileSync(file, "utf8"), file);
    if (!parsed.ok) errors.push(...parsed.errors);
    else briefs.push(...parsed.briefs);
  }
  const seen = new Set<string>();
  for (const b of briefs) {
    if (seen.has(b.id)) errors.push(`${b.id}: id used twice`);
    seen.add(b.id);
    errors.push(...labelProblems(b));
  }
  return { briefs, errors };
}

function counts(values: string[]): string {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(", ");
}

if (process.argv[1] && /brief-corpus\.ts$/.test(process.argv[1])) {
  const args = process.argv.slice(2);
  const { briefs, errors } = loadCorpus(args.length > 0 ? args : corpusFiles());
  for (const e of errors) console.log(`✗ ${e}`);
  console.log(`${briefs.length} briefs`);
  console.log(`languages: ${counts(briefs.map((b) => b.language))}`);
  console.log(`kinds: ${counts(briefs.map((b) => b.kind))}`);
  console.log(`forms: ${counts(briefs.flatMap((b) => b.forms))}`);
  console.log(`split: ${counts(briefs.map((b) => splitOf(b.id)))}`);
  process.exit(errors.length > 0 ? 1 : 0);
}
