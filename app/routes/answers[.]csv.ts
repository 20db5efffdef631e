// GET /answers.csv?send=… or ?version=…: the results page's CSV, for a signed-in owner or admin.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getApp } from "~/composition/app.server";
import { AnswersPageQuerySchema } from "~/domain/requests/answers";
import { answersCsvResponse } from "~/http/answers.server";
import { formAnswers, sendAnswers } from "~/services/answers.server";
import { requirePageUser } from "~/http/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const query = AnswersPageQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return new Response("Choose a send or an email", { status: 400 });
  const result = "send" in query.data ? await sendAnswers(app, user, query.data.send) : await formAnswers(app, user, query.data.version);
  if (!result.ok) return new Response(result.error, { status: result.status });
  return answersCsvResponse(result.value);
}
