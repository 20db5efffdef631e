// Plain-text output of the CLI: a table per prompt, a summary, and a comparison of two runs.
import type { RunComparison } from "../../app/domain/eval/compare";
import { fmtDelta, fmtNum, oneLine } from "../../app/domain/eval/format";
import type { PromptOutcome, RunReport } from "./run";

/** Left-aligned text columns, right-aligned numeric ones; `right[i]` marks column i numeric. */
export function table(headers: string[], rows: string[][], right: boolean[] = []): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

export function formatOutcomes(outcomes: PromptOutcome[]): string {
  const rows = outcomes.map((o) => [
    o.promptId,
    fmtNum(o.qaScore),
    fmtNum(o.judgeScore),
    fmtNum(o.generationMs, 0),
    oneLine([o.error, o.saveError ? `not saved: ${o.saveError}` : null].filter(Boolean).join("; "), 80),
  ]);
  return table(["id", "QA", "judge", "ms", "error"], rows, [false, true, true, true, false]);
}

export function formatSummary(r: RunReport): string {
  const t = r.totals;
  const lines = [
    `run ${r.runId}  label "${r.label}"  set ${r.promptSetVersion}  rag ${r.rag ? "on" : "off"}`,
    `prompts ${t.resultCount}  errors ${t.errorCount}`,
    `average QA ${fmtNum(t.avgQaScore, 2)}  average judge ${fmtNum(t.avgJudgeScore, 2)}  (errored prompts count as 0)`,
    `generation ms  p50 ${fmtNum(t.p50Ms, 0)}  p95 ${fmtNum(t.p95Ms, 0)}  mean ${fmtNum(t.avgGenerationMs, 0)}`,
  ];
  if (r.rag) {
    const rag = r.outcomes.map((o) => o.details.rag as { used?: unknown; examplesCount?: unknown } | null | undefined);
    const used = rag.filter((x) => x?.used === true).length;
    const examples = rag.map((x) => (typeof x?.examplesCount === "number" ? x.examplesCount : 0));
    const mean = examples.length ? examples.reduce((a, b) => a + b, 0) / examples.length : null;
    lines.push(`retrieval used for ${used} of ${r.outcomes.length} prompts  examples per prompt ${fmtNum(mean, 2)}`);
  }
  if (r.finalizeError) lines.push(`warning: finalize failed (${r.finalizeError}); averages computed locally`);
  const unsaved = r.outcomes.filter((o) => o.saveError).length;
  if (unsaved) lines.push(`warning: ${unsaved} result(s) could not be saved`);
  return lines.join("\n");
}

export function formatReport(r: RunReport): string {
  return `${formatOutcomes(r.outcomes)}\n\n${formatSummary(r)}\n`;
}

export function formatComparison(c: RunComparison): string {
  const side = (x: { qa: number | null; judge: number | null; error: string | null }) =>
    x.error ? "error" : `${fmtNum(x.qa)}/${fmtNum(x.judge)}`;
  const rows = c.prompts.map((p) => [
    p.promptId,
    side(p.a),
    side(p.b),
    fmtDelta(p.qa),
    fmtDelta(p.judge),
    fmtDelta(p.ms, 0),
    p.errorChange ?? "",
  ]);
  const out = [
    `A = ${c.a.id} "${c.a.label}"   B = ${c.b.id} "${c.b.label}"   deltas are B − A`,
    "",
    table(["prompt", "A qa/judge", "B qa/judge", "Δ QA", "Δ judge", "Δ ms", "errors"], rows, [false, true, true, true, true, true, false]),
    "",
    table(
      ["averages", "A", "B", "Δ"],
      [
        ["QA (matched)", fmtNum(c.matched.a.avgQaScore, 2), fmtNum(c.matched.b.avgQaScore, 2), fmtDelta(c.matched.qa, 2)],
        ["judge (matched)", fmtNum(c.matched.a.avgJudgeScore, 2), fmtNum(c.matched.b.avgJudgeScore, 2), fmtDelta(c.matched.judge, 2)],
        ["ms (matched)", fmtNum(c.matched.a.avgGenerationMs, 0), fmtNum(c.matched.b.avgGenerationMs, 0), fmtDelta(c.matched.ms, 0)],
        ["errors (matched)", String(c.matched.a.errorCount), String(c.matched.b.errorCount), fmtDelta(c.matched.errors, 0)],
        ["QA (all)", fmtNum(c.a.summary.avgQaScore, 2), fmtNum(c.b.summary.avgQaScore, 2), fmtDelta(c.overall.qa, 2)],
        ["judge (all)", fmtNum(c.a.summary.avgJudgeScore, 2), fmtNum(c.b.summary.avgJudgeScore, 2), fmtDelta(c.overall.judge, 2)],
        ["errors (all)", String(c.a.summary.errorCount), String(c.b.summary.errorCount), fmtDelta(c.overall.errors, 0)],
      ],
      [false, true, true, true],
    ),
    `matched prompts ${c.matched.count}`,
  ];
  if (c.onlyInA.length) out.push(`only in A: ${c.onlyInA.join(", ")}`);
  if (c.onlyInB.length) out.push(`only in B: ${c.onlyInB.join(", ")}`);
  return `${out.join("\n")}\n`;
}
