// The brief reader measured on the corpus (scripts/eval/briefs): each brief read, scored against its
// labels (app/domain/eval/brief-score.ts), and the figures per split, per language and per field.
// `generate:check` prints them; `npm run brief:check` prints them alone, fast, for tuning.
import type { Brief } from "../../app/domain/brief/schema";
import { type CorpusBrief, splitOf } from "../../app/domain/eval/brief-corpus";
import {
  SCORED_FIELDS,
  type BriefScore,
  type ScoredField,
  droppedLines,
  instructionsAsCopy,
  scoreBrief,
} from "../../app/domain/eval/brief-score";

export interface BriefResult {
  id: string;
  language: string;
  split: "dev" | "heldout";
  score: BriefScore;
  /** Labelled instructions the brief hands the email as copy. */
  asCopy: string[];
  /** Lines of the prompt neither used nor listed as not used. */
  dropped: string[];
  /** When the email was generated: labelled instructions its text shows, and ruled-out words it mentions. */
  printed?: string[];
  mentioned?: string[];
  ms: number;
}

export function measure(entry: CorpusBrief, read: (prompt: string) => Brief): BriefResult {
  const t0 = performance.now();
  const brief = read(entry.prompt);
  const ms = performance.now() - t0;
  return {
    id: entry.id,
    language: entry.language,
    split: splitOf(entry.id),
    score: scoreBrief(entry, brief),
    asCopy: instructionsAsCopy(entry, brief),
    dropped: droppedLines(entry.prompt, brief),
    ms,
  };
}

/** The goals of the held-out part. */
export const GOALS: Partial<Record<ScoredField, number>> = { brand: 0.98, items: 0.97, offers: 0.95, questions: 1 };

const FRAME = ["en", "fr", "de", "es", "it", "pt"];
const groupOf = (lang: string) => (FRAME.includes(lang) ? lang : "other");

export interface Totals {
  briefs: number;
  fields: Record<ScoredField, { expected: number; right: number }>;
  asCopy: number;
  dropped: number;
  /** Undefined when no email was generated. */
  printed?: number;
  mentioned?: number;
}

export function totals(results: BriefResult[]): Totals {
  const fields = Object.fromEntries(SCORED_FIELDS.map((f) => [f, { expected: 0, right: 0 }])) as Totals["fields"];
  for (const r of results)
    for (const f of SCORED_FIELDS) {
      fields[f].expected += r.score[f].expected;
      fields[f].right += r.score[f].right;
    }
  return {
    briefs: results.length,
    fields,
    asCopy: results.reduce((n, r) => n + r.asCopy.length, 0),
    dropped: results.reduce((n, r) => n + r.dropped.length, 0),
    ...(results.some((r) => r.printed)
      ? {
          printed: results.reduce((n, r) => n + (r.printed?.length ?? 0), 0),
          mentioned: results.reduce((n, r) => n + (r.mentioned?.length ?? 0), 0),
        }
      : {}),
  };
}

const pct = (right: number, expected: number) => (expected === 0 ? "   –  " : `${((100 * right) / expected).toFixed(1).padStart(5)}%`);

/** One table per split: a row per field, a column per language group and one for all. */
export function formatReport(results: BriefResult[], splits: Array<"dev" | "heldout"> = ["dev", "heldout"]): string {
  const out: string[] = [];
  const groups = [...FRAME, "other"];
  for (const split of splits) {
    const rs = results.filter((r) => r.split === split);
    if (rs.length === 0) continue;
    const all = totals(rs);
    const by = Object.fromEntries(groups.map((g) => [g, totals(rs.filter((r) => groupOf(r.language) === g))]));
    out.push(`Brief reader — ${split === "dev" ? "dev" : "held out"} (${rs.length} briefs)`);
    out.push(`${"field".padEnd(12)}${groups.map((g) => g.padStart(8)).join("")}${"all".padStart(9)}  goal`);
    for (const f of SCORED_FIELDS) {
      const cells = groups.map((g) => pct(by[g].fields[f].right, by[g].fields[f].expected).padStart(8)).join("");
      const goal = GOALS[f] ? `≥ ${(GOALS[f]! * 100).toFixed(0)}%` : "";
      out.push(
        `${f.padEnd(12)}${cells}${pct(all.fields[f].right, all.fields[f].expected).padStart(9)}  ${goal}  (${all.fields[f].right}/${all.fields[f].expected})`,
      );
    }
    out.push(
      `${"as copy".padEnd(12)}${groups.map((g) => String(by[g].asCopy).padStart(8)).join("")}${String(all.asCopy).padStart(9)}  goal 0 (instructions the brief hands the email as copy)`,
    );
    const row = (name: string, value: (t: Totals) => number | undefined, note: string) =>
      out.push(
        `${name.padEnd(12)}${groups.map((g) => String(value(by[g]) ?? 0).padStart(8)).join("")}${String(value(all) ?? 0).padStart(9)}  ${note}`,
      );
    if (all.printed !== undefined) {
      row("printed", (t) => t.printed, "goal 0 (instructions the generated email prints)");
      row("mentioned", (t) => t.mentioned, "goal 0 (words the brief ruled out, in the generated email)");
    }
    out.push(
      `${"dropped".padEnd(12)}${groups.map((g) => String(by[g].dropped).padStart(8)).join("")}${String(all.dropped).padStart(9)}  goal 0 (lines neither used nor listed under "Not used")`,
    );
    out.push("");
  }
  return out.join("\n");
}

/** What each dev brief got wrong (held-out briefs are not shown: nobody tunes on them). */
export function formatMisses(results: BriefResult[], fields: readonly ScoredField[] = SCORED_FIELDS): string {
  const out: string[] = [];
  for (const r of results.filter((x) => x.split === "dev")) {
    const misses = fields.flatMap((f) => r.score[f].misses);
    const lines = [
      ...misses,
      ...r.asCopy.map((x) => `instruction as copy: "${x}"`),
      ...(r.printed ?? []).map((x) => `instruction printed: "${x}"`),
      ...(r.mentioned ?? []).map((x) => `ruled out, mentioned: "${x}"`),
      ...r.dropped.map((x) => `dropped: "${x}"`),
    ];
    if (lines.length > 0) out.push(`${r.id}\n${lines.map((l) => `  - ${l}`).join("\n")}`);
  }
  return out.join("\n");
}
