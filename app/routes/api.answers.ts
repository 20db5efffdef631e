// GET /api/answers?version=…: the survey and quiz answers of a generated email across its sends
// (docs/api/answers.md).
import { FormAnswersQuerySchema } from "~/domain/requests/answers";
import { answersCsvResponse, answersJsonResponse } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { apiError, serviceError } from "~/http/responses.server";
import { formAnswers } from "~/services/answers.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  GET: async ({ app, user, request }) => {
    const params = new URL(request.url).searchParams;
    const query = FormAnswersQuerySchema.safeParse({
      version: params.get("version") ?? undefined,
      format: params.get("format") ?? undefined,
    });
    if (!query.success)
      return apiError(400, "Invalid request", {
        details: query.error.issues.map((i) => ({ path: i.path.join("."), message: i.message, code: i.code })),
      });
    const result = await formAnswers(app, user, query.data.version);
    if (!result.ok) return serviceError(result);
    return query.data.format === "csv" ? answersCsvResponse(result.value) : answersJsonResponse(result.value);
  },
});
