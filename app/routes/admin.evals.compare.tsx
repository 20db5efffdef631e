import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Delta, RagBadge, Score, StatusPill, runDisplayState, timeNoise } from "~/components/evals/bits";
import type { ChartMetric } from "~/components/evals/chart-geometry";
import { CompareChart } from "~/components/evals/compare-chart";
import { fmtDate, fmtMs, oneLine, plural } from "~/components/evals/format";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { getCompareView, listRunChoices } from "~/services/eval-views.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: "/styles/evals.css" }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const brand = (matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic";
  const what = data?.view ? `${data.view.a.label} vs ${data.view.b.label} · ` : "";
  return [{ title: `${what}Compare runs · ${brand}` }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const url = new URL(request.url);
  const a = (url.searchParams.get("a") ?? "").trim().slice(0, 100);
  const b = (url.searchParams.get("b") ?? "").trim().slice(0, 100);
  const metric: ChartMetric = url.searchParams.get("metric") === "qa" ? "qa" : "judge";
  // One address per comparison (the list's form sends b before a, in table order), so it can be
  // shared. Compared as decoded values, never as text: the same values have many encodings (a
  // space is %20 or +), and the URL a loader sees is re-serialised, so a text comparison never settles.
  const canonical: [string, string][] = [["a", a], ["b", b], ...(metric === "qa" ? [["metric", "qa"] as [string, string]] : [])];
  const given = [...url.searchParams];
  const settled = given.length === canonical.length && given.every(([k, v], i) => k === canonical[i][0] && v === canonical[i][1]);
  if (a && b && !settled) throw redirect(`/admin/evals/compare?${canonical.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")}`);
  const runs = await listRunChoices(app);
  if (!a || !b) return { view: null, runs, metric, a, b, error: a || b ? "Pick two runs to compare." : null };
  if (a === b) return { view: null, runs, metric, a, b, error: "Pick two different runs: A and B are the same run." };
  const view = await getCompareView(app, a, b);
  if (!view.ok) return { view: null, runs, metric, a, b, error: `${view.error}. Pick the runs again.` };
  return { view: view.value, runs, metric, a, b, error: null };
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function CompareRuns() {
  const { view, runs, metric, a, b, error } = useLoaderData<typeof loader>();
  return (
    <div className="ev-page">
      <header className="ev-head">
        <div>
          <p className="ev-crumbs">
            <Link to="/admin">Admin</Link> <span aria-hidden="true">/</span> <Link to="/admin/evals">Evals</Link>{" "}
            <span aria-hidden="true">/</span> Compare
          </p>
          <h1>Compare runs</h1>
          {view ? (
            <p className="ev-lead">
              Prompts matched by id; deltas are <strong>B − A</strong>. Errored prompts count as 0, as in the run averages.
            </p>
          ) : (
            <p className="ev-lead">Choose a baseline (A) and a candidate (B), e.g. the same prompt set without and with retrieval.</p>
          )}
        </div>
        {view ? (
          <Link
            className="ev-btn ev-btn-secondary"
            to={`/admin/evals/compare?a=${encodeURIComponent(b)}&b=${encodeURIComponent(a)}${metric === "qa" ? "&metric=qa" : ""}`}
          >
            ⇄ Swap A and B
          </Link>
        ) : null}
      </header>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {view ? <Comparison view={view} metric={metric} /> : null}
      <RunPicker runs={runs} a={a} b={b} compact={Boolean(view)} />
    </div>
  );
}

function RunCard({ side, run }: { side: "A" | "B"; run: NonNullable<Data["view"]>["a"] }) {
  return (
    <div className={`ev-runcard ev-runcard-${side.toLowerCase()}`} data-testid={`run-card-${side.toLowerCase()}`}>
      <span className="ev-runcard-side" aria-hidden="true">
        {side}
      </span>
      <div className="ev-runcard-body">
        <span className="ev-sr">{side === "A" ? "Run A (baseline): " : "Run B (candidate): "}</span>
        <Link to={`/admin/evals/${run.id}`} className="ev-run-link">
          {run.label}
        </Link>
        <div className="ev-run-meta">
          <span className="ev-tag">{run.promptSetVersion}</span> <RagBadge rag={run.rag} /> <StatusPill state={runDisplayState(run)} />
        </div>
        <div className="muted ev-small">
          {run.resultCount}/{run.promptCount} results · {fmtDate(run.createdAt)}
        </div>
      </div>
    </div>
  );
}

function Comparison({ view, metric }: { view: NonNullable<Data["view"]>; metric: ChartMetric }) {
  const c = view.comparison;
  const m = c.matched;
  const q = (key: "qa" | "judge") =>
    `/admin/evals/compare?a=${encodeURIComponent(view.a.id)}&b=${encodeURIComponent(view.b.id)}${key === "qa" ? "&metric=qa" : ""}`;
  const chartAverages = metric === "qa" ? { a: m.a.avgQaScore, b: m.b.avgQaScore } : { a: m.a.avgJudgeScore, b: m.b.avgJudgeScore };
  const fixed = c.prompts.filter((p) => p.errorChange === "fixed").length;
  const broke = c.prompts.filter((p) => p.errorChange === "broke").length;
  return (
    <>
      <div className="ev-runcards">
        <RunCard side="A" run={view.a} />
        <span className="ev-vs" aria-hidden="true">
          vs
        </span>
        <RunCard side="B" run={view.b} />
      </div>

      <div className="ev-stats ev-stats-compare" data-testid="compare-summary">
        <CompareStat label="Judge score" a={m.a.avgJudgeScore} b={m.b.avgJudgeScore} delta={m.judge} score />
        <CompareStat label="QA score" a={m.a.avgQaScore} b={m.b.avgQaScore} delta={m.qa} score />
        <CompareStat label="Avg generation time" a={m.a.avgGenerationMs} b={m.b.avgGenerationMs} delta={m.ms} ms />
        <div className="ev-stat">
          <div className="ev-stat-label">Errors</div>
          <div className="ev-stat-value">
            {m.a.errorCount} → {m.b.errorCount} <Delta value={m.errors} digits={0} lowerIsBetter />
          </div>
          <div className="ev-stat-hint">{fixed || broke ? `${fixed} fixed · ${broke} broke` : "no change in which prompts fail"}</div>
        </div>
      </div>
      <p className="muted ev-small ev-matched-note">
        Averages over the {plural(m.count, "prompt")} both runs have
        {c.onlyInA.length || c.onlyInB.length ? ` (${c.onlyInA.length} only in A, ${c.onlyInB.length} only in B)` : ""}. Over all their
        results: judge {fmtOr(c.a.summary.avgJudgeScore)} → {fmtOr(c.b.summary.avgJudgeScore)}, QA {fmtOr(c.a.summary.avgQaScore)} →{" "}
        {fmtOr(c.b.summary.avgQaScore)}.
      </p>

      {c.prompts.length === 0 ? (
        <div className="ev-empty">
          <p className="ev-empty-title">No prompts in common</p>
          <p className="muted">These runs share no prompt id. Compare runs of the same prompt set.</p>
        </div>
      ) : (
        <>
          <section className="ev-card ev-chart-card" aria-labelledby="chart-heading">
            <div className="ev-section-head">
              <h2 id="chart-heading">Per prompt</h2>
              <nav className="ev-segmented" aria-label="Score shown in the chart">
                <Link to={q("judge")} aria-current={metric === "judge" ? "true" : undefined} preventScrollReset replace>
                  Judge
                </Link>
                <Link to={q("qa")} aria-current={metric === "qa" ? "true" : undefined} preventScrollReset replace>
                  QA
                </Link>
              </nav>
            </div>
            <div className="ev-chart-wrap">
              <CompareChart prompts={c.prompts} metric={metric} labels={{ a: view.a.label, b: view.b.label }} averages={chartAverages} />
            </div>
          </section>

          <section className="ev-section" aria-labelledby="delta-heading">
            <h2 id="delta-heading">Deltas</h2>
            <div className="ev-table-wrap">
              <table className="ev-table ev-delta-table" data-testid="delta-table">
                <caption className="ev-sr">Per-prompt scores of A and B and their difference B − A</caption>
                <thead>
                  <tr>
                    <th scope="col" rowSpan={2}>
                      Prompt
                    </th>
                    <th scope="colgroup" colSpan={3} className="ev-group">
                      QA
                    </th>
                    <th scope="colgroup" colSpan={3} className="ev-group">
                      Judge
                    </th>
                    <th scope="col" rowSpan={2} className="ev-num">
                      Δ time
                    </th>
                    <th scope="col" rowSpan={2}>
                      Emails
                    </th>
                  </tr>
                  <tr>
                    <th scope="col" className="ev-num">
                      A
                    </th>
                    <th scope="col" className="ev-num">
                      B
                    </th>
                    <th scope="col" className="ev-num">
                      Δ
                    </th>
                    <th scope="col" className="ev-num">
                      A
                    </th>
                    <th scope="col" className="ev-num">
                      B
                    </th>
                    <th scope="col" className="ev-num">
                      Δ
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {c.prompts.map((p) => {
                    const ra = view.resultIds.a[p.promptId];
                    const rb = view.resultIds.b[p.promptId];
                    const text = view.prompts[p.promptId];
                    return (
                      <tr key={p.promptId} data-testid={`delta-${p.promptId}`}>
                        <th scope="row" className="ev-col-prompt">
                          <span className="ev-prompt-id">{p.promptId.replace(/^text:/, "")}</span>
                          {text && !p.promptId.startsWith("text:") ? (
                            <div className="ev-prompt-text" title={text}>
                              {oneLine(text, 90)}
                            </div>
                          ) : null}
                          {p.errorChange ? (
                            <span className={`ev-change ev-change-${p.errorChange}`}>
                              {p.errorChange === "fixed" ? "fixed in B" : "broke in B"}
                            </span>
                          ) : null}
                        </th>
                        <td className="ev-num">
                          <Score value={p.a.qa} error={Boolean(p.a.error)} />
                        </td>
                        <td className="ev-num">
                          <Score value={p.b.qa} error={Boolean(p.b.error)} />
                        </td>
                        <td className="ev-num">
                          <Delta value={p.qa} />
                        </td>
                        <td className="ev-num">
                          <Score value={p.a.judge} error={Boolean(p.a.error)} />
                        </td>
                        <td className="ev-num">
                          <Score value={p.b.judge} error={Boolean(p.b.error)} />
                        </td>
                        <td className="ev-num">
                          <Delta value={p.judge} />
                        </td>
                        <td className="ev-num">
                          <Delta value={p.ms} digits={0} lowerIsBetter unit=" ms" noiseBelow={timeNoise(p.a.ms)} />
                        </td>
                        <td className="ev-emails">
                          {ra ? (
                            <Link to={`/admin/evals/${view.a.id}/${ra}`} aria-label={`Email A for ${p.promptId}`}>
                              A
                            </Link>
                          ) : null}
                          {rb ? (
                            <Link to={`/admin/evals/${view.b.id}/${rb}`} aria-label={`Email B for ${p.promptId}`}>
                              B
                            </Link>
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {c.onlyInA.length || c.onlyInB.length ? (
              <p className="muted ev-small">
                {c.onlyInA.length ? <>Only in A: {c.onlyInA.join(", ")}. </> : null}
                {c.onlyInB.length ? <>Only in B: {c.onlyInB.join(", ")}.</> : null}
              </p>
            ) : null}
          </section>
        </>
      )}
    </>
  );
}

function fmtOr(n: number | null): string {
  return n === null ? "–" : String(n);
}

function CompareStat({
  label,
  a,
  b,
  delta,
  score,
  ms,
}: {
  label: string;
  a: number | null;
  b: number | null;
  delta: number | null;
  score?: boolean;
  ms?: boolean;
}) {
  return (
    <div className="ev-stat">
      <div className="ev-stat-label">{label}</div>
      <div className="ev-stat-value">
        {ms ? <span className="ev-stat-b">{fmtMs(b)}</span> : <Score value={b} />}{" "}
        {ms ? <Delta value={delta} digits={0} lowerIsBetter unit=" ms" noiseBelow={timeNoise(a)} /> : <Delta value={delta} />}
      </div>
      <div className="ev-stat-hint">
        A {score ? fmtOr(a) : fmtMs(a)} → B {score ? fmtOr(b) : fmtMs(b)}
      </div>
    </div>
  );
}

function RunPicker({ runs, a, b, compact }: { runs: Data["runs"]; a: string; b: string; compact: boolean }) {
  if (runs.length < 2) {
    return (
      <div className="ev-empty">
        <p className="ev-empty-title">Two runs are needed to compare</p>
        <p className="muted">
          Start runs on the <Link to="/admin/evals">Evals</Link> page, for example one without and one with retrieval.
        </p>
      </div>
    );
  }
  const label = (r: Data["runs"][number]) => `${r.label} · ${fmtDate(r.createdAt)}${r.status === "running" ? " (running)" : ""}`;
  return (
    <section className={compact ? "ev-section" : "ev-card"} aria-labelledby="picker-heading">
      <h2 id="picker-heading">{compact ? "Compare other runs" : "Choose the runs"}</h2>
      <Form method="get" action="/admin/evals/compare" className="ev-picker" key={`${a}-${b}`}>
        <div className="ev-field">
          <label htmlFor="pick-a">A (baseline)</label>
          <select id="pick-a" name="a" defaultValue={a || runs[1]?.id}>
            {runs.map((r) => (
              <option key={r.id} value={r.id}>
                {label(r)}
              </option>
            ))}
          </select>
        </div>
        <div className="ev-field">
          <label htmlFor="pick-b">B (candidate)</label>
          <select id="pick-b" name="b" defaultValue={b || runs[0]?.id}>
            {runs.map((r) => (
              <option key={r.id} value={r.id}>
                {label(r)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="ev-btn ev-btn-primary">
          Compare
        </button>
      </Form>
    </section>
  );
}
