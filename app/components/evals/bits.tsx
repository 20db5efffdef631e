// Small pieces the eval pages share: status pills, score badges, coloured deltas, stat tiles.
import type { ReactNode } from "react";
import { fmtScore, fmtSigned, scoreBand } from "./format";

export type RunDisplayState = "running" | "stalled" | "complete" | "incomplete";

/**
 * How a run reads: `running` (results still arriving), `stalled` (running, but nobody in this
 * server executes it and nothing arrived for a while), `complete`, or `incomplete` (finalized
 * with fewer results than prompts: stopped, or interrupted by a restart).
 */
export function runDisplayState(run: { status: string; resultCount: number; promptCount: number }, stalled = false): RunDisplayState {
  if (run.status === "running") return stalled ? "stalled" : "running";
  return run.resultCount < run.promptCount ? "incomplete" : "complete";
}

const STATE_TEXT: Record<RunDisplayState, string> = {
  running: "Running",
  stalled: "No progress",
  complete: "Complete",
  incomplete: "Incomplete",
};

export function StatusPill({ state, title }: { state: RunDisplayState; title?: string }) {
  return (
    <span className={`ev-pill ev-pill-${state}`} title={title} data-testid="run-status">
      <span className="ev-pill-dot" aria-hidden="true" />
      {STATE_TEXT[state]}
    </span>
  );
}

/** A score with its band's colour; the number is the content, the colour only repeats it. */
export function Score({ value, error }: { value: number | null | undefined; error?: boolean }) {
  if (error) return <span className="ev-score ev-score-error">error</span>;
  const band = scoreBand(value);
  return <span className={`ev-score ev-score-${band}`}>{fmtScore(value)}</span>;
}

/**
 * A delta B − A: an arrow and the sign carry the meaning, green/red repeat it. `lowerIsBetter` for
 * times; `noiseBelow`: a change smaller than this is shown without colour (e.g. a few ms of timing
 * noise).
 */
export function Delta({
  value,
  digits = 1,
  lowerIsBetter = false,
  unit = "",
  noiseBelow = 0,
}: {
  value: number | null | undefined;
  digits?: number;
  lowerIsBetter?: boolean;
  unit?: string;
  noiseBelow?: number;
}) {
  if (value === null || value === undefined || !Number.isFinite(value)) return <span className="ev-delta ev-delta-none">–</span>;
  const good = lowerIsBetter ? value < 0 : value > 0;
  const tone = value === 0 || Math.abs(value) < noiseBelow ? "same" : good ? "better" : "worse";
  const arrow = value > 0 ? "▲" : value < 0 ? "▼" : "";
  const size = `${fmtSigned(Math.abs(value), digits).replace(/^\+/, "")}${unit}`;
  const words =
    value === 0
      ? "no change"
      : tone === "same"
        ? `${value > 0 ? "up" : "down"} ${size}, within noise`
        : `${good ? "better" : "worse"} by ${size}`;
  return (
    <span className={`ev-delta ev-delta-${tone}`} title={words}>
      {arrow ? <span aria-hidden="true">{arrow} </span> : null}
      {value === 0 ? "±0" : `${fmtSigned(value, digits)}${unit}`}
      <span className="ev-sr">{` (${words})`}</span>
    </span>
  );
}

export function Stat({ label, children, hint, testId }: { label: string; children: ReactNode; hint?: ReactNode; testId?: string }) {
  return (
    <div className="ev-stat" data-testid={testId}>
      <div className="ev-stat-label">{label}</div>
      <div className="ev-stat-value">{children}</div>
      {hint ? <div className="ev-stat-hint">{hint}</div> : null}
    </div>
  );
}

export function RagBadge({ rag }: { rag: boolean | null }) {
  // Unknown (e.g. a CLI run without results yet): nothing rather than a guess.
  if (rag === null) return null;
  return <span className={rag ? "ev-tag ev-tag-on" : "ev-tag"}>{rag ? "RAG on" : "RAG off"}</span>;
}

/** Timing differences smaller than this are noise, not a change: 50 ms or a tenth of the baseline. */
export function timeNoise(baselineMs: number | null | undefined): number {
  return Math.max(50, typeof baselineMs === "number" && Number.isFinite(baselineMs) ? baselineMs * 0.1 : 0);
}
