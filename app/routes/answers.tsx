// The results page: answers of one send (?send=) or of a generated email across its sends
// (?version=): counts, the NPS score and its distribution, a bar chart per question (CSS bars),
// quiz % correct, and the CSV (answers[.]csv.ts). The owner sees their own; admins see any.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getApp } from "~/composition/app.server";
import { AnswersPageQuerySchema } from "~/domain/requests/answers";
import type { QuestionResult } from "~/domain/answers";
import { formAnswers, sendAnswers } from "~/services/answers.server";
import { requirePageUser } from "~/http/session.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: "/styles/answers.css" }];

export const meta: MetaFunction = ({ matches }) => [
  { title: `Results · ${(matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic"}` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const url = new URL(request.url);
  const query = AnswersPageQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw new Response("Choose a send or an email", { status: 400 });
  const result = "send" in query.data ? await sendAnswers(app, user, query.data.send) : await formAnswers(app, user, query.data.version);
  if (!result.ok) throw new Response(result.error, { status: result.status });
  const { scope, subject, results } = result.value;
  return { scope, subject, results, csvHref: `/answers.csv${url.search}` };
}

function npsTone(score: number | null): string {
  if (score === null) return "";
  return score >= 30 ? "ans-good" : score >= 0 ? "ans-ok" : "ans-low";
}

function Nps({ q }: { q: QuestionResult }) {
  const nps = q.nps!;
  const max = Math.max(1, ...nps.distribution);
  return (
    <div className="ans-nps">
      <div className="ans-nps-head">
        <div className={`ans-nps-score ${npsTone(nps.score)}`} data-testid="nps-score">
          <span className="ans-nps-value">{nps.score === null ? "–" : nps.score > 0 ? `+${nps.score}` : nps.score}</span>
          <span className="ans-nps-label">NPS</span>
        </div>
        <ul className="ans-nps-split">
          <li><span className="ans-dot ans-pro" />Promoters (9–10) <strong>{nps.promoters}</strong></li>
          <li><span className="ans-dot ans-pas" />Passives (7–8) <strong>{nps.passives}</strong></li>
          <li><span className="ans-dot ans-det" />Detractors (0–6) <strong>{nps.detractors}</strong></li>
        </ul>
      </div>
      <div className="ans-dist" role="img" aria-label={`Answers per score: ${nps.distribution.map((c, i) => `${i}: ${c}`).join(", ")}`}>
        {nps.distribution.map((count, score) => (
          <div className="ans-dist-col" key={score}>
            <span className="ans-dist-count">{count || ""}</span>
            <span className={`ans-dist-bar ${score >= 9 ? "ans-pro" : score >= 7 ? "ans-pas" : "ans-det"}`} style={{ height: `${Math.round((count / max) * 100)}%` }} />
            <span className="ans-dist-score">{score}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

function Bars({ q }: { q: QuestionResult }) {
  return (
    <ul className="ans-bars">
      {q.options.map((o) => (
        <li key={o.label} className={o.correct ? "ans-correct" : ""}>
          <div className="ans-bar-label">
            <span>{o.label}{o.correct ? <em className="ans-tag">correct</em> : null}</span>
            <span className="ans-bar-n">{o.count} · {o.percent}%</span>
          </div>
          <div className="ans-bar-track"><div className="ans-bar-fill" style={{ width: `${o.percent}%` }} /></div>
        </li>
      ))}
    </ul>
  );
}

export default function AnswersPage() {
  const { scope, subject, results, csvHref } = useLoaderData<typeof loader>();
  return (
    <div className="ans">
      <header className="ans-head">
        <div>
          <p className="ans-kicker">{scope.kind === "send" ? "Results of one send" : "Results of this email, all sends"}</p>
          <h1>{subject ?? "Survey and quiz answers"}</h1>
        </div>
        <a className="ans-csv" href={csvHref} download>Download CSV</a>
      </header>
      <section className="ans-stats" aria-label="Totals">
        <div><strong data-testid="respondents">{results.respondents}</strong><span>respondents</span></div>
        <div><strong data-testid="answers">{results.answers}</strong><span>answers</span></div>
        <div><strong>{results.bySource.html}</strong><span>from the HTML email</span></div>
        <div><strong>{results.bySource.amp}</strong><span>from AMP</span></div>
      </section>
      {results.questions.length === 0 ? <p className="ans-empty">No questions and no answers yet.</p> : null}
      {results.questions.map((q) => (
        <section className="ans-card" key={q.key} data-question={q.key}>
          <p className="ans-kind">{q.kind === "nps" ? "Net Promoter Score" : q.kind === "quiz" ? "Quiz" : "Survey"} · {q.answers} {q.answers === 1 ? "answer" : "answers"}</p>
          <h2>{q.question}</h2>
          {q.quiz ? <p className={`ans-quiz${q.quiz.percentCorrect === null ? " ans-quiz-none" : ""}`} data-testid="quiz-correct">{q.quiz.percentCorrect === null ? "No answers yet" : `${q.quiz.percentCorrect}% correct`}</p> : null}
          {q.nps ? <Nps q={q} /> : <Bars q={q} />}
        </section>
      ))}
    </div>
  );
}
