import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RagBadge, Score, Stat, StatusPill, runDisplayState } from "~/components/evals/bits";
import { fmtDate, fmtMs, oneLine, plural } from "~/components/evals/format";
import { ProgressPanel, isStalled } from "~/components/evals/progress-panel";
import { NoScriptRefresh, usePollWhile } from "~/components/evals/use-poll";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { stopRun } from "~/services/eval-runner.server";
import { getRunView, listRunChoices } from "~/services/eval-views.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: "/styles/evals.css" }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const brand = (matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic";
  return [{ title: `${data ? `${data.run.label} · ` : ""}Evals · ${brand}` }];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const view = await getRunView(app, params.runId ?? "");
  if (!view.ok) throw new Response(view.error, { status: view.status });
  const runs = await listRunChoices(app);
  const others = runs.filter((r) => r.id !== view.value.run.id);
  // The natural baseline is the run started just before this one.
  const here = runs.findIndex((r) => r.id === view.value.run.id);
  const suggested = (here >= 0 ? runs[here + 1]?.id : undefined) ?? others[0]?.id ?? null;
  return { ...view.value, others, suggested, now: Date.now() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const form = await request.formData();
  if (form.get("intent") !== "stop") return data({ error: "Unknown action" }, { status: 400 });
  const stopped = await stopRun(app, params.runId ?? "");
  if (!stopped.ok) return data({ error: stopped.error }, { status: stopped.status });
  return {
    notice: stopped.value === "stopping" ? "The run stops after the prompt in progress." : "The run was finalized with the results it has.",
  };
}

export default function EvalRun() {
  const { run, progress, results, options, others, suggested, now } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>() as { error?: string; notice?: string } | undefined;
  const running = run.status === "running";
  usePollWhile(running, progress?.liveHere ? 1500 : 3000);
  const state = runDisplayState(run, isStalled(progress, now));
  const errored = results.filter((r) => r.error).length;

  return (
    <div className="ev-page">
      <NoScriptRefresh active={running} />
      <header className="ev-head">
        <div>
          <p className="ev-crumbs">
            <Link to="/admin">Admin</Link> <span aria-hidden="true">/</span> <Link to="/admin/evals">Evals</Link>{" "}
            <span aria-hidden="true">/</span> Run
          </p>
          <h1 className="ev-title">
            {run.label} <StatusPill state={state} />
          </h1>
          <p className="ev-meta">
            <span className="ev-tag">set {run.promptSetVersion}</span>
            {options.promptSet ? <code>{options.promptSet}</code> : null}
            <RagBadge rag={options.useRAG ?? run.rag} />
            <span>Started {fmtDate(run.createdAt)}</span>
            {run.completedAt ? <span>Finished {fmtDate(run.completedAt)}</span> : null}
            <code className="ev-id" title="Run id">
              {run.id}
            </code>
          </p>
        </div>
      </header>

      {acted?.error ? (
        <p className="error" role="alert">
          {acted.error}
        </p>
      ) : null}
      {acted?.notice ? (
        <p className="notice" role="status">
          {acted.notice}
        </p>
      ) : null}
      {state === "incomplete" ? (
        <p className="ev-callout" data-testid="incomplete-note">
          This run was finalized after {plural(run.resultCount, "prompt")} of {run.promptCount}: it was stopped, or the server stopped while
          it ran. Its averages cover the prompts that ran.
        </p>
      ) : null}

      {progress ? (
        <ProgressPanel run={run} progress={progress} now={now} />
      ) : (
        <div className="ev-stats" data-testid="run-summary">
          <Stat label="Average QA" hint="28 checks · errors count as 0" testId="avg-qa">
            <Score value={run.avgQaScore} />
          </Stat>
          <Stat label="Average judge" hint="rubric score · errors count as 0" testId="avg-judge">
            <Score value={run.avgJudgeScore} />
          </Stat>
          <Stat label="Avg generation time" hint="prompts without errors">
            {fmtMs(run.avgGenerationMs)}
          </Stat>
          <Stat label="Prompts" hint={errored ? `${plural(errored, "error")}` : "no errors"}>
            {run.resultCount}
            <span className="ev-stat-of">/{run.promptCount}</span>
          </Stat>
        </div>
      )}

      <section className="ev-section" aria-labelledby="results-heading">
        <div className="ev-section-head">
          <h2 id="results-heading">
            Results <span className="ev-count">{results.length}</span>
          </h2>
          {others.length ? (
            <Form method="get" action="/admin/evals/compare" className="ev-inline-form">
              <input type="hidden" name="b" value={run.id} />
              <label htmlFor="ev-compare-with" className="ev-inline-label">
                Compare with
              </label>
              <select id="ev-compare-with" name="a" defaultValue={suggested ?? undefined}>
                {others.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label} · {fmtDate(o.createdAt)}
                  </option>
                ))}
              </select>
              <button type="submit" className="ev-btn ev-btn-secondary">
                Compare
              </button>
            </Form>
          ) : null}
        </div>
        {results.length === 0 ? (
          <div className="ev-empty">
            <p className="ev-empty-title">{running ? "Waiting for the first result…" : "This run has no results"}</p>
            <p className="muted">
              {running
                ? "Each prompt is generated, QA-checked and judged; its row appears here as soon as it is saved."
                : "It was finalized before any prompt finished."}
            </p>
          </div>
        ) : (
          <div className="ev-table-wrap">
            <table className="ev-table ev-stack" data-testid="results-table">
              <caption className="ev-sr">Results in the order they were saved</caption>
              <thead>
                <tr>
                  <th scope="col" className="ev-num">
                    #
                  </th>
                  <th scope="col">Prompt</th>
                  <th scope="col">Technique</th>
                  <th scope="col" className="ev-num">
                    QA
                  </th>
                  <th scope="col" className="ev-num">
                    Judge
                  </th>
                  <th scope="col" className="ev-num">
                    Time
                  </th>
                  <th scope="col">Email</th>
                </tr>
              </thead>
              <tbody>
                {results.map((r, i) => (
                  <tr key={r.id} data-testid={`result-${r.promptId ?? r.id}`} className={r.error ? "ev-row-error" : undefined}>
                    <td className="ev-num muted ev-col-index">{i + 1}</td>
                    <td className="ev-col-prompt">
                      <Link to={`/admin/evals/${run.id}/${r.id}`} className="ev-run-link">
                        {r.promptId ?? `Result ${r.id}`}
                      </Link>
                      {r.prompt ? (
                        <div className="ev-prompt-text" title={r.prompt}>
                          {oneLine(r.prompt, 140)}
                        </div>
                      ) : null}
                      {r.error ? (
                        <div className="ev-error-text" data-testid="result-error">
                          {oneLine(r.error, 200)}
                        </div>
                      ) : null}
                    </td>
                    <td className="ev-stack-break" data-label="Technique">
                      {r.technique ? <span className="ev-tag">{r.technique}</span> : <span className="muted">–</span>}
                    </td>
                    <td className="ev-num" data-label="QA">
                      <Score value={r.qaScore} error={Boolean(r.error) && r.qaScore === null} />
                    </td>
                    <td className="ev-num" data-label="Judge">
                      <Score value={r.judgeScore} error={Boolean(r.error) && r.judgeScore === null} />
                    </td>
                    <td className="ev-num" data-label="Time">
                      {fmtMs(r.generationMs)}
                    </td>
                    <td className="ev-col-action">
                      {r.hasHtml ? (
                        <Link
                          to={`/admin/evals/${run.id}/${r.id}`}
                          className="ev-view-link"
                          aria-label={`View the email for ${r.promptId ?? `result ${r.id}`}`}
                        >
                          View email
                        </Link>
                      ) : (
                        <Link
                          to={`/admin/evals/${run.id}/${r.id}`}
                          className="ev-view-link ev-view-link-quiet"
                          aria-label={`Details of ${r.promptId ?? `result ${r.id}`}`}
                        >
                          Details
                        </Link>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
