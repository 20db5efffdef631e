import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RagBadge, Score, Stat } from "~/components/evals/bits";
import { fmtMs } from "~/components/evals/format";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { getResultView } from "~/services/eval-views.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: "/styles/evals.css" }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const brand = (matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic";
  return [{ title: `${data ? `${data.result.promptId ?? `Result ${data.result.id}`} · ${data.run.label} · ` : ""}Evals · ${brand}` }];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const resultId = Number(params.resultId);
  if (!Number.isSafeInteger(resultId) || resultId < 1) throw new Response("No such result", { status: 404 });
  const app = await getApp();
  const view = await getResultView(app, params.runId ?? "", resultId);
  if (!view.ok) throw new Response(view.error, { status: view.status });
  return view.value;
}

/** Whether retrieval was asked for and what it found. */
function RagNote({ useRAG, rag }: { useRAG: boolean | null; rag: { used: boolean; examplesCount: number } | null }) {
  const on = useRAG ?? rag?.used ?? null;
  if (on === null) return null;
  return (
    <>
      <RagBadge rag={on} />
      {on && rag ? ` ${rag.examplesCount} example${rag.examplesCount === 1 ? "" : "s"} retrieved` : null}
    </>
  );
}

export default function EvalResult() {
  const { run, result: r, previous, next, position, total } = useLoaderData<typeof loader>();
  const name = r.promptId ?? `Result ${r.id}`;
  return (
    <div className="ev-page">
      <header className="ev-head">
        <div>
          <p className="ev-crumbs">
            <Link to="/admin">Admin</Link> <span aria-hidden="true">/</span> <Link to="/admin/evals">Evals</Link>{" "}
            <span aria-hidden="true">/</span> <Link to={`/admin/evals/${run.id}`}>{run.label}</Link>
          </p>
          <h1 className="ev-title">{name}</h1>
          {r.subject ? (
            <p className="ev-lead">
              Subject: <strong>{r.subject}</strong>
            </p>
          ) : null}
        </div>
        <nav className="ev-pager" aria-label="Results of this run">
          {previous ? (
            <Link to={`/admin/evals/${run.id}/${previous}`} className="ev-btn ev-btn-secondary" rel="prev">
              ← Previous
            </Link>
          ) : (
            <span className="ev-btn ev-btn-secondary" aria-disabled="true">
              ← Previous
            </span>
          )}
          <span className="muted ev-pager-pos">
            {position} of {total}
          </span>
          {next ? (
            <Link to={`/admin/evals/${run.id}/${next}`} className="ev-btn ev-btn-secondary" rel="next">
              Next →
            </Link>
          ) : (
            <span className="ev-btn ev-btn-secondary" aria-disabled="true">
              Next →
            </span>
          )}
        </nav>
      </header>

      {r.prompt ? (
        <blockquote className="ev-prompt" data-testid="result-prompt">
          <span className="ev-prompt-label">Prompt</span>
          {r.prompt}
        </blockquote>
      ) : null}
      {r.error ? (
        <p className="error" role="alert" data-testid="result-error">
          {r.error}
        </p>
      ) : null}

      <div className="ev-stats">
        <Stat label="QA score" hint={r.qaFailures.length ? `${r.qaFailures.length} failed checks` : "all checks passed"}>
          <Score value={r.qaScore} />
        </Stat>
        <Stat label="Judge score">
          <Score value={r.judgeScore} />
        </Stat>
        <Stat label="Generation time">{fmtMs(r.generationMs)}</Stat>
        <Stat label="Technique" hint={<RagNote useRAG={r.useRAG} rag={r.rag} />}>
          {r.technique ?? "–"}
        </Stat>
      </div>

      <div className="ev-result-grid">
        <section className="ev-card ev-preview-card" aria-labelledby="preview-heading">
          <div className="ev-card-head">
            <h2 id="preview-heading">Email</h2>
            <p className="muted ev-small">Shown in a sandbox: its scripts and links cannot reach this app.</p>
          </div>
          {r.html ? (
            // Generated HTML is untrusted: an empty sandbox gives it no scripts and an opaque origin, never ours.
            <iframe title={`Email generated for ${name}`} sandbox="" srcDoc={r.html} className="ev-frame" data-testid="email-frame" />
          ) : (
            <div className="ev-empty">
              <p className="ev-empty-title">No email stored</p>
              <p className="muted">
                {r.htmlOmitted
                  ? `The email was ${r.htmlOmitted}, above what a result keeps.`
                  : r.error
                    ? "The prompt failed before an email was generated."
                    : "This result was saved without its HTML (e.g. by the CLI)."}
              </p>
            </div>
          )}
        </section>

        <aside className="ev-side">
          <section className="ev-card" aria-labelledby="rubric-heading">
            <h2 id="rubric-heading">Judge rubric</h2>
            {r.judgeSummary ? <p className="ev-small">{r.judgeSummary}</p> : null}
            {r.rubric.length ? (
              <ul className="ev-rubric">
                {r.rubric.map((c) => (
                  <li key={c.criterion} className={c.weight === 0 ? "ev-rubric-na" : undefined}>
                    <div className="ev-rubric-head">
                      <span className="ev-rubric-name">{c.criterion}</span>
                      <span className="ev-rubric-score">
                        {c.weight === 0 ? "n/a" : Math.round(c.score)} <span className="muted ev-small">· weight {c.weight}</span>
                      </span>
                    </div>
                    <div className="ev-meter" aria-hidden="true">
                      <div style={{ width: `${Math.max(0, Math.min(100, c.score))}%` }} />
                    </div>
                    <p className="ev-small muted">{c.reason}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted ev-small">No rubric stored for this result.</p>
            )}
          </section>
          <section className="ev-card" aria-labelledby="qa-heading">
            <h2 id="qa-heading">Failed QA checks</h2>
            {r.qaFailures.length ? (
              <ul className="ev-checks">
                {r.qaFailures.map((c) => (
                  <li key={c.id}>
                    <strong>{c.title}</strong> <code className="ev-small">{c.id}</code>
                    <div className="ev-small muted">{c.message}</div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted ev-small">{r.qaScore !== null ? "None: every check passed." : "Not checked."}</p>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}
