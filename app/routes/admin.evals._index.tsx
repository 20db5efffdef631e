import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { useState } from "react";
import { CsrfField } from "~/components/csrf-field";
import { FieldError, VALIDATE_WHEN } from "~/components/page-form";
import { RagBadge, Score, StatusPill, runDisplayState } from "~/components/evals/bits";
import { fmtAgo, fmtDate, fmtMs, plural } from "~/components/evals/format";
import { ProgressPanel, isStalled } from "~/components/evals/progress-panel";
import { NoScriptRefresh, usePollWhile } from "~/components/evals/use-poll";
import { formValue, useFormReading } from "~/components/typed-before-hydration";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { StartRunFormSchema } from "~/domain/requests/eval";
import { parsePageForm } from "~/domain/requests/page-form";
import { startEvalRun } from "~/services/eval-runner.server";
import { getEvalsOverview } from "~/services/eval-views.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: "/styles/evals.css" }];

export const meta: MetaFunction = ({ matches }) => [
  { title: `Evals · ${(matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic"}` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request, { admin: true });
  const app = await getApp();
  return { ...(await getEvalsOverview(app, user)), now: Date.now() };
}

// A refused start (402/409) still reloads the list: the balance and the runs may have moved meanwhile.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || formMethod === "POST";

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePageUser(request, { admin: true });
  const app = await getApp();
  const submission = parsePageForm(await request.formData(), { schema: StartRunFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const started = await startEvalRun(app, user, submission.value);
  if (!started.ok) return data(submission.reply({ formErrors: [started.error] }), { status: started.status });
  return redirect(`/admin/evals/${started.value.runId}`);
}

export default function Evals() {
  const { runs, progress, sets, balance, creditsPerPrompt, now } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const running = runs.filter((r) => r.status === "running");
  // Quick while a run executes here; slower for runs only the CLI (or nobody) drives.
  usePollWhile(running.length > 0, running.some((r) => progress[r.id]?.liveHere) ? 1500 : 3000);

  return (
    <div className="ev-page">
      <NoScriptRefresh active={running.length > 0} />
      <header className="ev-head">
        <div>
          <p className="ev-crumbs">
            <Link to="/admin">Admin</Link> <span aria-hidden="true">/</span> Evals
          </p>
          <h1>Evaluations</h1>
          <p className="ev-lead">Run a prompt set through generation, QA and the judge, then compare runs prompt by prompt.</p>
        </div>
        <div className="ev-balance" data-testid="balance">
          <span className="ev-balance-value">{balance.toLocaleString("en")}</span>
          <span className="ev-balance-label">credits available</span>
        </div>
      </header>

      {running.length ? (
        <section aria-labelledby="running-heading" className="ev-section">
          <h2 id="running-heading">In progress</h2>
          <div className="ev-progress-list">
            {running.map((r) => {
              const p = progress[r.id];
              return p ? <ProgressPanel key={r.id} run={r} progress={p} now={now} inList /> : null;
            })}
          </div>
        </section>
      ) : null}

      <StartRunCard sets={sets} balance={balance} creditsPerPrompt={creditsPerPrompt} result={result} />

      <section aria-labelledby="runs-heading" className="ev-section">
        <RunsTable runs={runs} progress={progress} now={now} />
      </section>
    </div>
  );
}

type Loader = ReturnType<typeof useLoaderData<typeof loader>>;

function StartRunCard({
  sets,
  balance,
  creditsPerPrompt,
  result,
}: {
  sets: Loader["sets"];
  balance: number;
  creditsPerPrompt: number;
  result?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "ev-start",
    lastResult: result,
    constraint: getZodConstraint(StartRunFormSchema),
    onValidate: ({ formData }) => parsePageForm(formData, { schema: StartRunFormSchema }),
    ...VALIDATE_WHEN,
  });
  const usable = sets.filter((s) => s.ok);
  const fallback = usable.find((s) => s.file === "prompts.v1.json")?.file ?? usable[0]?.file ?? "";
  // The cost line follows the set and the limit, read from the form once hydrated and then on each
  // change; the controls stay uncontrolled, so a choice made before hydration is kept.
  const initialSet = typeof fields.set.initialValue === "string" ? fields.set.initialValue : fallback;
  const [setFile, setSetFile] = useFormReading(form.id, initialSet, (f) => formValue(f, fields.set.name));
  const [limit, setLimit] = useFormReading(form.id, typeof fields.limit.initialValue === "string" ? fields.limit.initialValue : "", (f) =>
    formValue(f, fields.limit.name),
  );
  const chosen = usable.find((s) => s.file === setFile);
  const size = chosen?.promptCount ?? 0;
  const limitNumber = Number(limit);
  const count = limit.trim() && Number.isInteger(limitNumber) && limitNumber > 0 ? Math.min(limitNumber, size) : size;
  const cost = count * creditsPerPrompt;
  const short = cost > balance;
  const starting = navigation.state !== "idle" && navigation.formData?.get("intent") === "start";
  const broken = sets.filter((s) => !s.ok);
  const { defaultValue: _set, ...setProps } = getSelectProps(fields.set, { ariaDescribedBy: "ev-set-hint" });
  const limitProps = getInputProps(fields.limit, { type: "number", ariaDescribedBy: "ev-limit-hint" });

  return (
    <section className="ev-card ev-start" aria-labelledby="start-heading">
      <div className="ev-card-head">
        <h2 id="start-heading">Start a run</h2>
        <p className="muted">Every prompt is a real generation, charged to you like the CLI’s. Try a few prompts first.</p>
      </div>
      {form.errors?.length ? (
        <p className="error" role="alert" id={form.errorId} data-testid="start-error">
          {form.errors[0]}
        </p>
      ) : null}
      {usable.length === 0 ? (
        <p className="ev-empty-inline">
          No prompt sets found. Add a set file (see <code>docs/eval.md</code>, “Prompt set format”) to <code>scripts/eval/</code> and
          reload.
        </p>
      ) : (
        <Form method="post" className="ev-start-form" {...getFormProps(form)}>
          <CsrfField />
          <input type="hidden" name="intent" value="start" />
          <div className="ev-field ev-field-set">
            <label htmlFor={fields.set.id}>Prompt set</label>
            <select {...setProps} defaultValue={initialSet} onChange={(e) => setSetFile(e.target.value)}>
              {usable.map((s) => (
                <option key={s.file} value={s.file}>
                  {s.file} · {plural(s.promptCount, "prompt")}
                </option>
              ))}
            </select>
            <p className="ev-hint" id="ev-set-hint">
              {chosen ? <>Version {chosen.version} · </> : null}from <code>scripts/eval/</code>
            </p>
            <FieldError field={fields.set} />
          </div>
          <div className="ev-field ev-field-label">
            <label htmlFor={fields.label.id}>Label</label>
            <input
              {...getInputProps(fields.label, { type: "text", ariaDescribedBy: "ev-label-hint" })}
              placeholder="e.g. baseline, rag-on"
              autoComplete="off"
            />
            <p className="ev-hint" id="ev-label-hint">
              How this run is named in lists and comparisons.
            </p>
            <FieldError field={fields.label} />
          </div>
          <div className="ev-field ev-field-limit">
            <label htmlFor={fields.limit.id}>Prompts to run</label>
            <input
              {...limitProps}
              min={1}
              max={size || undefined}
              step={1}
              inputMode="numeric"
              onChange={(e) => setLimit(e.target.value)}
              placeholder={`All ${size}`}
            />
            <p className="ev-hint" id="ev-limit-hint">
              The first N prompts; empty runs all.
            </p>
            <FieldError field={fields.limit} />
          </div>
          <div className="ev-field ev-field-rag">
            <span className="ev-field-title" id="ev-rag-title">
              Retrieval
            </span>
            <label className="ev-switch" htmlFor={fields.rag.id}>
              <input {...getInputProps(fields.rag, { type: "checkbox", ariaDescribedBy: "ev-rag-hint" })} />
              <span>Use the example library (RAG)</span>
            </label>
            <p className="ev-hint" id="ev-rag-hint">
              Generation retrieves similar emails as examples.
            </p>
          </div>
          <div className="ev-start-foot">
            <output
              className={`ev-cost${short ? " ev-cost-short" : ""}`}
              htmlFor={`${fields.set.id} ${fields.limit.id}`}
              data-testid="run-cost"
              aria-live="polite"
            >
              <strong>{plural(count, "generation")}</strong> · costs <strong>{plural(cost, "credit")}</strong> · balance{" "}
              {balance.toLocaleString("en")}
              {short ? <> — not enough credits</> : <> → {(balance - cost).toLocaleString("en")} after</>}
            </output>
            <button type="submit" className="ev-btn ev-btn-primary" disabled={starting}>
              {starting ? "Starting…" : "Start run"}
            </button>
          </div>
        </Form>
      )}
      {broken.length ? (
        <details className="ev-broken">
          <summary>{plural(broken.length, "set file")} in scripts/eval cannot be used</summary>
          <ul>
            {broken.map((s) => (
              <li key={s.file}>
                <code>{s.file}</code>: <span className="ev-pre">{!s.ok ? s.error : ""}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/** The form that picks runs A and B. */
const COMPARE_FORM = "ev-compare";

function RunsTable({ runs, progress, now }: { runs: Loader["runs"]; progress: Loader["progress"]; now: number }) {
  // The radio buttons stay uncontrolled (a pick made before hydration is kept); the Compare button
  // follows them. The first picks are the ones the page opened with, whatever runs arrive later.
  const [{ initialA, initialB }] = useState(() => ({ initialA: runs[1]?.id ?? "", initialB: runs[0]?.id ?? "" }));
  const [a, setA] = useFormReading(COMPARE_FORM, initialA, (f) => formValue(f, "a"));
  const [b, setB] = useFormReading(COMPARE_FORM, initialB, (f) => formValue(f, "b"));
  if (!runs.length) {
    return (
      <>
        <h2 id="runs-heading">Runs</h2>
        <div className="ev-empty" data-testid="runs-empty">
          <p className="ev-empty-title">No eval runs yet</p>
          <p className="muted">
            Start one above: pick a prompt set, give it a label and run 3 prompts to see how it works. Runs from <code>npm run eval</code>{" "}
            appear here too.
          </p>
        </div>
      </>
    );
  }
  const canCompare = runs.length >= 2;
  return (
    <Form method="get" action="/admin/evals/compare" className="ev-runs" id={COMPARE_FORM}>
      <div className="ev-section-head">
        <h2 id="runs-heading">
          Runs <span className="ev-count">{runs.length}</span>
        </h2>
        {canCompare ? (
          <div className="ev-compare-bar">
            <span className="muted ev-compare-help" id="compare-help">
              Pick A (baseline) and B (candidate) in the table.
            </span>
            <button type="submit" className="ev-btn ev-btn-secondary" disabled={!a || !b || a === b} aria-describedby="compare-help">
              Compare A ↔ B
            </button>
          </div>
        ) : null}
      </div>
      <div className="ev-table-wrap">
        <table className="ev-table ev-stack" data-testid="runs-table">
          <caption className="ev-sr">Eval runs, newest first</caption>
          <thead>
            <tr>
              {canCompare ? (
                <>
                  <th scope="col" className="ev-col-pick">
                    <abbr title="Baseline run">A</abbr>
                  </th>
                  <th scope="col" className="ev-col-pick">
                    <abbr title="Candidate run">B</abbr>
                  </th>
                </>
              ) : null}
              <th scope="col">Run</th>
              <th scope="col">Status</th>
              <th scope="col" className="ev-num">
                Results
              </th>
              <th scope="col" className="ev-num">
                QA
              </th>
              <th scope="col" className="ev-num">
                Judge
              </th>
              <th scope="col" className="ev-num">
                Avg time
              </th>
              <th scope="col" className="ev-num">
                Errors
              </th>
              <th scope="col">Started</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => {
              const p = progress[r.id];
              const state = runDisplayState(r, isStalled(p, now));
              const live = r.status === "running" && p ? p.averages : null;
              const took = r.completedAt ? new Date(r.completedAt).getTime() - new Date(r.createdAt).getTime() : null;
              return (
                <tr key={r.id} data-testid={`run-${r.id}`}>
                  {canCompare ? (
                    <>
                      <td className="ev-col-pick" data-pick="A">
                        <input
                          type="radio"
                          name="a"
                          value={r.id}
                          defaultChecked={initialA === r.id}
                          onChange={() => setA(r.id)}
                          aria-label={`Use ${r.label} as A`}
                        />
                      </td>
                      <td className="ev-col-pick" data-pick="B">
                        <input
                          type="radio"
                          name="b"
                          value={r.id}
                          defaultChecked={initialB === r.id}
                          onChange={() => setB(r.id)}
                          aria-label={`Use ${r.label} as B`}
                        />
                      </td>
                    </>
                  ) : null}
                  <td className="ev-col-run">
                    <Link to={`/admin/evals/${r.id}`} className="ev-run-link">
                      {r.label}
                    </Link>
                    <div className="ev-run-meta">
                      <span className="ev-tag">{r.promptSetVersion}</span> <RagBadge rag={r.rag} />{" "}
                      <code className="ev-id" title={r.id}>
                        {r.id.slice(0, 8)}
                      </code>
                    </div>
                  </td>
                  <td className="ev-col-status">
                    <StatusPill state={state} />
                  </td>
                  <td className="ev-num ev-stack-break" data-label="Results">
                    {r.resultCount}
                    <span className="muted">/{r.promptCount}</span>
                  </td>
                  <td className="ev-num" data-label="QA">
                    {live ? <span className="muted">…</span> : <Score value={r.avgQaScore} />}
                  </td>
                  <td className="ev-num" data-label="Judge">
                    {live ? <span className="muted">…</span> : <Score value={r.avgJudgeScore} />}
                  </td>
                  <td className="ev-num" data-label="Time">
                    {live ? <span className="muted">…</span> : fmtMs(r.avgGenerationMs)}
                  </td>
                  <td className={`ev-num${r.errorCount ? " ev-err-count" : " ev-zero"}`} data-label="Errors">
                    {r.errorCount}
                  </td>
                  <td className="ev-when" data-label="Started">
                    <span title={fmtDate(r.createdAt)}>{fmtAgo(r.createdAt, now)}</span>
                    <div className="muted ev-small">{took !== null ? `took ${fmtMs(took)}` : r.status === "running" ? "running" : ""}</div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <noscript>
        <p className="muted ev-small">Pick A and B, then press “Compare A ↔ B”.</p>
      </noscript>
    </Form>
  );
}
