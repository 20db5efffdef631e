// GET /api/sends/:id/answers: the survey and quiz answers of one send (docs/api/answers.md).
import { SendAnswersQuerySchema } from "~/domain/requests/answers";
import { answersCsvResponse, answersJsonResponse } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { apiError, serviceError } from "~/http/responses.server";
import { sendAnswers } from "~/services/answers.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  GET: async ({ app, user, params, request }) => {
    const query = SendAnswersQuerySchema.safeParse({ id: params.id, format: new URL(request.url).searchParams.get("format") ?? undefined });
    if (!query.success)
      return apiError(400, "Invalid request", {
        details: query.error.issues.map((i) => ({ path: i.path.join("."), message: i.message, code: i.code })),
      });
    const result = await sendAnswers(app, user, query.data.id);
    if (!result.ok) return serviceError(result);
    return query.data.format === "csv" ? answersCsvResponse(result.value) : answersJsonResponse(result.value);
  },
});
