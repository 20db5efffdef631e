// Part 7: the AMP variant (when there is one) shown inert in a sandboxed frame, and its reports:
// validation, repairs, parity with the HTML and clipping at phone width.
import type { AmpSnapshot } from "~/domain/amp/snapshot";
import { panelMeta } from "./panel-meta";
import { ListOrNone } from "./panel-ui";
import type { VersionJson } from "./version-panels";

function Status({ ok, yes, no }: { ok: boolean | undefined; yes: string; no: string }) {
  return (
    <span className={ok ? "vp-status vp-status-ok" : "vp-status vp-status-bad"}>
      <span aria-hidden="true">{ok ? "✓ " : "✗ "}</span>
      {ok ? yes : no}
    </span>
  );
}

export function AmpPanel({ version, snapshot }: { version: VersionJson; snapshot: AmpSnapshot | null }) {
  const amp = panelMeta(version).amp;
  if (!version.ampHtml) {
    return (
      <section className="vp-panel" aria-labelledby="vp-amp-title" data-testid="panel-amp">
        <h2 id="vp-amp-title">AMP for Email</h2>
        <p data-testid="amp-none">This version has no AMP variant.</p>
        <p className="muted">
          To get one, turn on <strong>Also build AMP</strong> in the brief and generate again. Gmail, Yahoo and Mail.ru show the AMP part
          (live carousels, forms); every other client shows the HTML. A refine changes the HTML only, so refined versions carry no AMP.
        </p>
      </section>
    );
  }
  const errors = amp?.errors ?? [];
  const parity = amp?.parity;
  const clipping = amp?.clipping;
  return (
    <section className="vp-panel" aria-labelledby="vp-amp-title" data-testid="panel-amp">
      <h2 id="vp-amp-title">AMP for Email</h2>
      <div className="vp-amp-grid">
        <div>
          <h3>Validation</h3>
          <p data-testid="amp-status">
            <Status ok={amp?.status === "pass"} yes="Valid AMP4EMAIL" no="Not valid AMP4EMAIL" />
            <span className="muted">
              {" "}
              · validator:{" "}
              {amp?.validator === "official"
                ? "official (amphtml-validator)"
                : amp?.validator === "builtin"
                  ? "built-in AMP4EMAIL rules"
                  : "unknown"}
            </span>
          </p>
          {errors.length ? (
            <ol className="vp-amp-errors" data-testid="amp-errors">
              {errors.map((e, i) => (
                <li key={i}>
                  <span className="vp-loc">
                    line {e.line ?? "?"}
                    {(e.column ?? e.col) ? `, column ${e.column ?? e.col}` : ""}
                  </span>{" "}
                  {e.code ? <code>{e.code}</code> : null} {e.message}
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">No validation errors.</p>
          )}

          <h3>Repairs made</h3>
          <ListOrNone items={amp?.repairs ?? []} none="None were needed." testId="amp-repairs" />

          <h3>Parity with the HTML</h3>
          {parity?.available === false ? (
            <p className="muted">Not measured: {parity.reason ?? "unavailable"}.</p>
          ) : parity ? (
            <>
              <p data-testid="amp-parity">
                <Status ok={parity.ok} yes="Same words and links as the HTML" no="Differs from the HTML" />
              </p>
              {[
                ["Words missing in AMP", parity.missingWords],
                ["Extra words in AMP", parity.extraWords],
                ["Links missing in AMP", parity.missingLinks],
                ["Extra links in AMP", parity.extraLinks],
              ].map(([label, list]) =>
                (list as string[] | undefined)?.length ? (
                  <p key={label as string} className="vp-small">
                    <strong>{label as string}:</strong> {(list as string[]).slice(0, 30).join(", ")}
                  </p>
                ) : null,
              )}
            </>
          ) : (
            <p className="muted">No parity report.</p>
          )}

          <h3>Clipping at {clipping?.viewport ?? 360} px</h3>
          {clipping ? (
            <>
              <p data-testid="amp-clipping">
                <Status ok={clipping.ok} yes="Nothing is cut off on a phone" no="Some components are wider than the screen" />
              </p>
              {clipping.blocks?.filter((b) => b.clipped).length ? (
                <ul className="vp-list">
                  {clipping.blocks
                    .filter((b) => b.clipped)
                    .map((b, i) => (
                      <li key={i}>
                        <code>{b.component}</code> is {b.width} px wide in {b.available} px ({b.overflowPx} px cut off, layout {b.layout})
                      </li>
                    ))}
                </ul>
              ) : null}
            </>
          ) : (
            <p className="muted">No clipping report.</p>
          )}

          {amp?.warnings?.length ? (
            <>
              <h3>Warnings</h3>
              <ListOrNone items={amp.warnings} none="" />
            </>
          ) : null}
        </div>
        <div>
          <h3 id="vp-amp-preview-title">What a reader sees first</h3>
          <p className="vp-amp-label" id="vp-amp-preview-label" data-testid="amp-preview-label">
            <span className="vp-amp-badge">Static preview</span> The AMP version as it opens: interactive parts show their first state (the
            first slide, closed sections, the first question). Send a test to a Gmail address to try them.
          </p>
          {snapshot ? (
            <>
              <iframe
                className="vp-amp-frame"
                title="AMP version, static preview of its first state"
                aria-describedby="vp-amp-preview-label"
                sandbox=""
                srcDoc={snapshot.html}
                data-testid="amp-frame"
              />
              {snapshot.notes.length || snapshot.truncated ? (
                <ul className="vp-list vp-small muted" data-testid="amp-preview-notes">
                  {snapshot.notes.map((n) => (
                    <li key={n}>{n}</li>
                  ))}
                  {snapshot.truncated ? <li>The document is too large to show in full; the preview stops part way.</li> : null}
                </ul>
              ) : null}
            </>
          ) : (
            <p className="muted">The preview could not be prepared.</p>
          )}
        </div>
      </div>
    </section>
  );
}
