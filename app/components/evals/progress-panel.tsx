import { Link, useFetcher } from "@remix-run/react";
import { CsrfField } from "~/components/csrf-field";
import type { RunProgress } from "~/services/eval-views.server";
import { Score } from "./bits";
import { fmtAgo, fmtDate, fmtMs, oneLine, plural } from "./format";

/** A run nobody executes here that saved nothing for this long is shown as "no progress". */
export const STALLED_AFTER_MS = 2 * 60_000;

export function isStalled(progress: RunProgress | null | undefined, now: number): boolean {
  return Boolean(progress && !progress.liveHere && now - new Date(progress.lastActivityAt).getTime() > STALLED_AFTER_MS);
}

/**
 * A running run: how far it is (n of N), the prompt in progress, the averages so far, and a way to
 * stop it (a run executing here) or to finalize it (a run nobody executes here any more).
 */
export function ProgressPanel({
  run,
  progress,
  now,
  inList,
}: {
  run: { id: string; label: string };
  progress: RunProgress;
  now: number;
  inList?: boolean;
}) {
  const fetcher = useFetcher<{ error?: string; notice?: string }>();
  const pct = progress.total ? Math.min(100, Math.round((progress.completed / progress.total) * 100)) : 0;
  const a = progress.averages;
  const stalled = isStalled(progress, now);
  const busy = fetcher.state !== "idle";
  const headingId = `progress-${run.id}`;
  return (
    <section className={`ev-progress${stalled ? " ev-progress-stalled" : ""}`} aria-labelledby={headingId} data-testid="run-progress">
      <div className="ev-progress-head">
        <h3 id={headingId}>{inList ? <Link to={`/admin/evals/${run.id}`}>{run.label}</Link> : "Progress"}</h3>
        <span className="ev-progress-count" data-testid="progress-count">
          {progress.completed} of {plural(progress.total, "prompt")}
        </span>
      </div>
      <div
        className="ev-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.completed}
        aria-valuetext={`${progress.completed} of ${progress.total} prompts done`}
        aria-labelledby={headingId}
      >
        <div className="ev-bar-fill" style={{ width: `${pct}%` }} />
      </div>
      <div className="ev-progress-now" aria-live="polite">
        {progress.stopRequested ? (
          <span>Stopping after the prompt in progress…</span>
        ) : progress.current ? (
          <span>
            <span className="ev-now-label">Now</span> {progress.current.index + 1}/{progress.total}{" "}
            <strong>{progress.current.promptId}</strong> <span className="muted">{oneLine(progress.current.prompt, 110)}</span>
          </span>
        ) : progress.liveHere ? (
          <span>Saving the last result…</span>
        ) : (
          <span className="muted">
            Not executing in this server (started from the CLI, or interrupted by a restart). Last activity{" "}
            {fmtAgo(progress.lastActivityAt, now)}; if nothing arrives it is finalized as incomplete at {fmtDate(progress.staleAt)}.
          </span>
        )}
      </div>
      <dl className="ev-progress-stats">
        <div>
          <dt>QA so far</dt>
          <dd>
            <Score value={a.avgQaScore} />
          </dd>
        </div>
        <div>
          <dt>Judge so far</dt>
          <dd>
            <Score value={a.avgJudgeScore} />
          </dd>
        </div>
        <div>
          <dt>Avg time</dt>
          <dd>{fmtMs(a.avgGenerationMs)}</dd>
        </div>
        <div>
          <dt>Errors</dt>
          <dd className={a.errorCount ? "ev-err-count" : undefined}>{a.errorCount}</dd>
        </div>
      </dl>
      <fetcher.Form method="post" action={`/admin/evals/${run.id}`} className="ev-progress-actions">
        <CsrfField />
        <input type="hidden" name="intent" value="stop" />
        {progress.liveHere ? (
          <button type="submit" className="ev-btn ev-btn-quiet" disabled={busy || progress.stopRequested}>
            Stop after this prompt
          </button>
        ) : (
          <button type="submit" className="ev-btn ev-btn-quiet" disabled={busy}>
            Finalize now with {plural(progress.completed, "result")}
          </button>
        )}
        {fetcher.data?.error ? (
          <span className="ev-inline-error" role="alert">
            {fetcher.data.error}
          </span>
        ) : null}
      </fetcher.Form>
    </section>
  );
}
