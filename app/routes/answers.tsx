// The results page: answers of one send (?send=) or of a generated email across its sends
// (?version=): counts, the NPS score and its distribution, a bar chart per question (CSS bars),
// quiz % correct, and the CSV (answers[.]csv.ts). The owner sees their own; admins see any.
// Without a query (the top navigation's "Results"): the user's emails that ask questions. Emails
// and sends are named by subject, recipient and date, never by id.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getApp } from "~/composition/app.server";
import { AnswersPageQuerySchema } from "~/domain/requests/answers";
import type { QuestionResult } from "~/domain/answers";
import { askingEmails, formAnswers, sendAnswers } from "~/services/answers.server";
import { requirePageUser } from "~/http/session.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: "/styles/answers.css" }];

export const meta: MetaFunction = ({ matches }) => [
  { title: `Results · ${(matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic"}` },
];

/** Dates as the server writes them, so the page hydrates with the same text. */
function day(d: Date | null): string | null {
  return d ? d.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC" : null;
}

const KIND_NAMES: Record<string, string> = { nps: "NPS", survey: "survey", quiz: "quiz" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const url = new URL(request.url);
  if (url.search === "") {
    const emails = (await askingEmails(app, user)).map((e) => ({
      href: `/answers?version=${encodeURIComponent(e.formId)}`,
      title: e.title,
      about: `${e.kinds.map((k) => KIND_NAMES[k] ?? k).join(", ")} · ${e.questions} ${e.questions === 1 ? "question" : "questions"} · generated ${day(e.createdAt)}`,
      answers: e.answers,
      last: day(e.lastAnswerAt),
    }));
    return { mode: "list" as const, emails };
  }
  const query = AnswersPageQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw new Response("Choose a send or an email", { status: 400 });
  const result = "send" in query.data ? await sendAnswers(app, user, query.data.send) : await formAnswers(app, user, query.data.version);
  if (!result.ok) throw new Response(result.error, { status: result.status });
  const { scope, subject, sentTo, date, results } = result.value;
  const about =
    scope.kind === "send"
      ? `Sent to ${sentTo}${date ? ` · ${day(date)}` : ""}`
      : `All sends of this email${date ? ` · generated ${day(date)}` : ""}`;
  const allSends = scope.kind === "send" && scope.formId ? `/answers?version=${encodeURIComponent(scope.formId)}` : null;
  return { mode: "report" as const, kind: scope.kind, about, allSends, subject, results, csvHref: `/answers.csv${url.search}` };
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
          <li>
            <span className="ans-dot ans-pro" />
            Promoters (9–10) <strong>{nps.promoters}</strong>
          </li>
          <li>
            <span className="ans-dot ans-pas" />
            Passives (7–8) <strong>{nps.passives}</strong>
          </li>
          <li>
            <span className="ans-dot ans-det" />
            Detractors (0–6) <strong>{nps.detractors}</strong>
          </li>
        </ul>
      </div>
      <div className="ans-dist" role="img" aria-label={`Answers per score: ${nps.distribution.map((c, i) => `${i}: ${c}`).join(", ")}`}>
        {nps.distribution.map((count, score) => (
          <div className="ans-dist-col" key={score}>
            <span className="ans-dist-count">{count || ""}</span>
            <span
              className={`ans-dist-bar ${score >= 9 ? "ans-pro" : score >= 7 ? "ans-pas" : "ans-det"}`}
              style={{ height: `${Math.round((count / max) * 100)}%` }}
            />
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
            <span>
              {o.label}
              {o.correct ? <em className="ans-tag">correct</em> : null}
            </span>
            <span className="ans-bar-n">
              {o.count} · {o.percent}%
            </span>
          </div>
          <div className="ans-bar-track">
            <div className="ans-bar-fill" style={{ width: `${o.percent}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function AskingEmails({ emails }: { emails: Array<{ href: string; title: string; about: string; answers: number; last: string | null }> }) {
  return (
    <div className="ans">
      <header className="ans-head">
        <div>
          <p className="ans-kicker">Results</p>
          <h1>Survey and quiz answers</h1>
        </div>
      </header>
      {emails.length === 0 ? (
        <p className="ans-empty">
          None of your emails asks a question yet. Generate one with a survey or a quiz in the <Link to="/builder">builder</Link>; its
          answers show here once it is sent.
        </p>
      ) : (
        <ul className="ans-list" data-testid="asking-emails">
          {emails.map((e) => (
            <li key={e.href}>
              <Link to={e.href}>
                <span className="ans-list-main">
                  <strong>{e.title}</strong>
                  <span className="ans-list-about">{e.about}</span>
                </span>
                <span className="ans-list-n">
                  <strong>{e.answers}</strong> {e.answers === 1 ? "answer" : "answers"}
                  {e.last ? <span className="ans-list-about">last {e.last}</span> : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function AnswersPage() {
  const data = useLoaderData<typeof loader>();
  if (data.mode === "list") return <AskingEmails emails={data.emails} />;
  const { kind, about, allSends, subject, results, csvHref } = data;
  return (
    <div className="ans">
      <p className="ans-back">
        <Link to="/answers">← All results</Link>
        {allSends ? (
          <>
            {" "}
            · <Link to={allSends}>All sends of this email</Link>
          </>
        ) : null}
      </p>
      <header className="ans-head">
        <div>
          <p className="ans-kicker">{kind === "send" ? "Results of one send" : "Results of this email, all sends"}</p>
          <h1>{subject ?? "Survey and quiz answers"}</h1>
          <p className="ans-about">{about}</p>
        </div>
        <a className="ans-csv" href={csvHref} download>
          Download CSV
        </a>
      </header>
      <section className="ans-stats" aria-label="Totals">
        <div>
          <strong data-testid="respondents">{results.respondents}</strong>
          <span>respondents</span>
        </div>
        <div>
          <strong data-testid="answers">{results.answers}</strong>
          <span>answers</span>
        </div>
        <div>
          <strong>{results.bySource.html}</strong>
          <span>from the HTML email</span>
        </div>
        <div>
          <strong>{results.bySource.amp}</strong>
          <span>from AMP</span>
        </div>
      </section>
      {results.questions.length === 0 ? <p className="ans-empty">No questions and no answers yet.</p> : null}
      {results.questions.map((q) => (
        <section className="ans-card" key={q.key} data-question={q.key}>
          <p className="ans-kind">
            {q.kind === "nps" ? "Net Promoter Score" : q.kind === "quiz" ? "Quiz" : "Survey"} · {q.answers}{" "}
            {q.answers === 1 ? "answer" : "answers"}
          </p>
          <h2>{q.question}</h2>
          {q.quiz ? (
            <p className={`ans-quiz${q.quiz.percentCorrect === null ? " ans-quiz-none" : ""}`} data-testid="quiz-correct">
              {q.quiz.percentCorrect === null ? "No answers yet" : `${q.quiz.percentCorrect}% correct`}
            </p>
          ) : null}
          {q.nps ? <Nps q={q} /> : <Bars q={q} />}
        </section>
      ))}
    </div>
  );
}
