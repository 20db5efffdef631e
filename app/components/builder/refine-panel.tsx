// Part 6: change instructions applied with /api/generate-email's refine, what was applied, the
// before/after of the visible text against the parent, and undo (a new version copying the parent).
import { Link, useSearchParams } from "@remix-run/react";
import { panelMeta } from "./panel-meta";
import { ActionForm, ListOrNone, Notice } from "./panel-ui";
import { TextDiff } from "./text-diff";
import type { VersionJson } from "./version-panels";

const EXAMPLES = [
  "change the price of Spruce to $28",
  "add Oolong tea $12",
  'add option "Never" to question 2',
  "the 15% code ends on Dec 20",
  "make the button green",
  'change the headline to "Spring starts now"',
];

/** The reasons the action put in the URL (a JSON list of strings); none when absent or malformed. */
function reasonsOf(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string").slice(0, 20) : [];
  } catch {
    return [];
  }
}

const KIND_LABEL: Record<string, string> = { generate: "generated", regenerate: "regenerated", refine: "refined", restore: "restored" };

export function RefinePanel({ version, parent }: { version: VersionJson; parent: VersionJson | null }) {
  const [params] = useSearchParams();
  const meta = panelMeta(version);
  const base = `/builder/v/${encodeURIComponent(version.id)}`;
  const nothing = params.get("refine") === "none";
  const error = params.get("refine") === "error";
  const made = params.get("made");
  const reasons = nothing ? reasonsOf(params.get("why")) : [];

  return (
    <section className="vp-panel" aria-labelledby="vp-refine-title" data-testid="panel-refine">
      <h2 id="vp-refine-title">Refine</h2>
      {made === "refine" ? (
        <Notice kind="ok" testId="refine-result" focus>
          Changes applied. This is the new version; the previous one stays in your history.
        </Notice>
      ) : null}
      {made === "restore" ? (
        <Notice kind="ok" testId="refine-result" focus>
          Undone. The earlier version was restored as this new version.
        </Notice>
      ) : null}
      {nothing ? (
        <Notice kind="info" testId="refine-result" focus>
          {reasons.length ? (
            <>
              Nothing was changed and no credit was used: every instruction must apply, and{" "}
              {reasons.length === 1 ? "this one does" : "these do"} not.
              <ul data-testid="refine-problems">
                {reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
              Edit the instructions below and apply them again.
            </>
          ) : (
            <>
              Nothing in those instructions could be applied, so no version was made and no credit was used. Try one change per line, in
              words like the examples below.
            </>
          )}
        </Notice>
      ) : null}
      {error ? (
        <Notice kind="error" testId="refine-result" focus>
          The refine could not run ({params.get("why") === "balance" ? "insufficient balance" : "the refiner failed"}). Nothing was charged.
        </Notice>
      ) : null}

      <ActionForm action={`${base}/refine`} className="vp-refine-form" label="Refine this version">
        {(busy) => (
          <>
            <label htmlFor="vp-instructions">What should change?</label>
            <p id="vp-instructions-help" className="muted vp-help">
              One change per line (or joined by “and”), in English, French, Spanish, German, Portuguese or Italian; all of them apply or
              none does. For example:{" "}
              {EXAMPLES.map((e, i) => (
                <span key={e}>
                  <q>{e}</q>
                  {i < EXAMPLES.length - 1 ? ", " : "."}
                </span>
              ))}
            </p>
            <textarea
              id="vp-instructions"
              name="instructions"
              rows={4}
              required
              maxLength={4000}
              aria-describedby="vp-instructions-help"
              defaultValue={nothing ? (params.get("q") ?? "") : ""}
              key={nothing ? `q-${params.get("q")}` : version.id}
            />
            <button type="submit" disabled={busy}>
              {busy ? "Applying…" : "Apply changes"}
            </button>
          </>
        )}
      </ActionForm>

      {meta.refine ? (
        <section className="vp-subsection" aria-labelledby="vp-applied-title" data-testid="refine-applied">
          <h3 id="vp-applied-title">What this refine did</h3>
          <p className="muted">
            Instructions: <q>{meta.refine.instructions}</q>
            {meta.refine.creditsCharged ? ` · ${meta.refine.creditsCharged} credit used` : ""}
          </p>
          <div className="vp-two">
            <div>
              <h4>Applied</h4>
              <ListOrNone items={meta.refine.applied} none="Nothing." />
            </div>
            <div>
              <h4>Not applied</h4>
              <ListOrNone
                items={meta.refine.notApplied.map((n) => `${n.instruction}: ${n.reason}`)}
                none="Everything was applied."
                testId="refine-not-applied"
              />
            </div>
          </div>
          {meta.refine.ampDropped ? (
            <p className="muted">
              Look changes (colours, headline, sections) edit the HTML only, so the AMP variant of the earlier version was not carried over.
            </p>
          ) : null}
        </section>
      ) : null}

      {parent ? (
        <section className="vp-subsection" aria-labelledby="vp-diff-title" data-testid="before-after">
          <div className="vp-row-between">
            <h3 id="vp-diff-title">Before and after</h3>
            <ActionForm action={`${base}/restore`} label="Undo">
              {(busy) => (
                <button type="submit" className="secondary vp-inline-button" disabled={busy} data-testid="undo">
                  {busy ? "Undoing…" : "Undo: restore the earlier version"}
                </button>
              )}
            </ActionForm>
          </div>
          <p className="muted">
            Visible text of the earlier version (
            <Link to={`/builder/v/${encodeURIComponent(parent.id)}`}>{KIND_LABEL[parent.kind] ?? parent.kind}</Link>) compared with this one
            ({KIND_LABEL[version.kind] ?? version.kind}). Undo makes a new version, so both stay in your history.
          </p>
          <TextDiff beforeHtml={parent.html} afterHtml={version.html} />
        </section>
      ) : (
        <p className="muted vp-subsection">This is the first version of this email, so there is nothing to compare with or undo yet.</p>
      )}
    </section>
  );
}
