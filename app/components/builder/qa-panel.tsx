// Part 5: the QA report of a version (score, the 28 checks by group, fixes, warnings), its free
// regeneration when the score is below 70, and the feedback control.
import { Link, useSearchParams } from "@remix-run/react";
import { QA_CHECKS, type QaCategory } from "~/domain/qa/catalogue";
import { FeedbackControl } from "./feedback-control";
import { panelMeta, scoreBand } from "./panel-meta";
import { ActionForm, ListOrNone, Notice } from "./panel-ui";
import type { VersionJson } from "./version-panels";

const GROUPS: Array<{ id: QaCategory; label: string }> = [
  { id: "document", label: "Document" },
  { id: "content", label: "Content" },
  { id: "layout", label: "Layout" },
  { id: "images-links", label: "Images and links" },
  { id: "safety", label: "Safety" },
  { id: "compatibility", label: "Client compatibility" },
  { id: "interactivity", label: "Interactivity" },
  { id: "readability", label: "Readability and accessibility" },
];

const REGEN_MESSAGES: Record<string, string> = {
  used: "This version's free regeneration has already been used.",
  "not-eligible": "A free regeneration is offered only when the QA score is below 70.",
  balance: "A free regeneration needs one credit available for a moment (it is returned at once). Ask an admin for credits.",
  running: "A free regeneration of this version is already running. Reload in a moment.",
  failed: "The regeneration failed; nothing was charged. Try again.",
};

export function ScoreBadge({ score }: { score: number | null }) {
  const { band, label } = scoreBand(score);
  return (
    <div className={`vp-score vp-score-${band}`} data-testid="panel-qa-score">
      <span className="vp-score-number">{score === null ? "–" : Math.round(score)}</span>
      <span className="vp-score-of">/ 100</span>
      <span className="vp-score-label">{label}</span>
    </div>
  );
}

export function QaPanel({ version }: { version: VersionJson }) {
  const [params] = useSearchParams();
  const meta = panelMeta(version);
  const failed = new Map(meta.failedChecks.map((c) => [c.id, c]));
  const scored = meta.score !== null;
  const passedCount = QA_CHECKS.length - QA_CHECKS.filter((c) => failed.has(c.id)).length;
  const regen = params.get("regen");
  const child = params.get("child");
  const action = `/builder/v/${encodeURIComponent(version.id)}`;

  return (
    <section className="vp-panel" aria-labelledby="vp-qa-title" data-testid="panel-qa">
      <div className="vp-qa-head">
        <ScoreBadge score={meta.score} />
        <div className="vp-qa-summary">
          <h2 id="vp-qa-title">Quality checks</h2>
          <p className="muted">
            {scored
              ? `${passedCount} of ${QA_CHECKS.length} checks passed. The score is the weight of the checks that passed.`
              : "This version has no QA report."}
          </p>
          {params.get("made") === "regen" ? (
            <Notice kind="ok" focus>
              Regenerated for free from the same brief. This is the new version.
            </Notice>
          ) : null}
          {regen ? (
            <Notice kind="error" testId="regen-error" focus>
              {REGEN_MESSAGES[regen] ?? REGEN_MESSAGES.failed}{" "}
              {regen === "used" && child && /^[A-Za-z0-9-]{1,64}$/.test(child) ? (
                <Link to={`/builder/v/${child}`}>Open the regenerated version</Link>
              ) : null}
            </Notice>
          ) : null}
        </div>
      </div>

      {meta.qualifiesForFreeRegen ? (
        <div className="vp-callout" data-testid="free-regen">
          <div>
            <h3>This one qualifies for a free regeneration</h3>
            <p>
              The score is below 70, so you can regenerate it once from the same brief without using a credit. The result is saved as a new
              version; this one stays in your history.
            </p>
          </div>
          <ActionForm action={`${action}/regenerate`} label="Free regeneration">
            {(busy) => (
              <button type="submit" disabled={busy}>
                {busy ? "Regenerating…" : "Regenerate for free"}
              </button>
            )}
          </ActionForm>
        </div>
      ) : null}

      {scored ? (
        <div className="vp-groups">
          {GROUPS.map((g) => {
            const checks = QA_CHECKS.filter((c) => c.category === g.id);
            const groupFailed = checks.filter((c) => failed.has(c.id)).length;
            return (
              <section key={g.id} className="vp-group" aria-labelledby={`vp-g-${g.id}`} data-testid={`qa-group-${g.id}`}>
                <h3 id={`vp-g-${g.id}`}>
                  {g.label}
                  <span className={groupFailed ? "vp-count vp-count-fail" : "vp-count"}>
                    {checks.length - groupFailed}/{checks.length} passed
                  </span>
                </h3>
                <ul className="vp-checks">
                  {checks.map((c) => {
                    const f = failed.get(c.id);
                    return (
                      <li key={c.id} className={f ? "vp-check vp-check-fail" : "vp-check vp-check-pass"} data-testid={`qa-check-${c.id}`}>
                        <span className="vp-check-icon" aria-hidden="true">
                          {f ? "✗" : "✓"}
                        </span>
                        <div className="vp-check-body">
                          <span className="vp-check-title">
                            <span className="vp-sr">{f ? "Failed: " : "Passed: "}</span>
                            {c.title}
                          </span>
                          <span className="vp-check-weight">{c.weight} pts</span>
                          {f?.message ? <p className="vp-check-message">{f.message}</p> : null}
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })}
        </div>
      ) : null}

      <div className="vp-two">
        <section aria-labelledby="vp-fixes-title">
          <h3 id="vp-fixes-title">Auto-fixes applied</h3>
          <ListOrNone items={meta.fixesApplied} none="No automatic fixes were needed." testId="qa-fixes" />
        </section>
        <section aria-labelledby="vp-warn-title">
          <h3 id="vp-warn-title">Warnings</h3>
          <ListOrNone items={meta.warnings} none="No warnings." testId="qa-warnings" />
        </section>
      </div>

      <FeedbackControl version={version} />
    </section>
  );
}
