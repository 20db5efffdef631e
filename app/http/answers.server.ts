// What the answers API and the results page share: the report as JSON, or its CSV as a download.
import type { AnswerReport } from "~/services/answers.server";
import { json } from "./responses.server";

export function answersCsvResponse(report: AnswerReport): Response {
  const name = report.scope.kind === "send" ? `answers-send-${report.scope.sendId}.csv` : `answers-${report.scope.formId}.csv`;
  return new Response(report.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export function answersJsonResponse(report: AnswerReport): Response {
  return json({ success: true, scope: report.scope, subject: report.subject, ...report.results });
}
