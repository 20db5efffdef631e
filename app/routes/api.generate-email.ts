import { GenerateEmailRequestSchema } from "~/domain/generation/requests";
import { apiError, apiRoute, json } from "~/lib/http.server";
import { generateEmail } from "~/services/generation.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  POST: async ({ app, user, body }) => {
    const parsed = await body(GenerateEmailRequestSchema);
    if (!parsed.ok) return parsed.response;
    const result = await generateEmail(app, user, parsed.data);
    if (!result.ok) return apiError(result.status, result.error, result.details ? { details: result.details } : {});
    return json(result.response);
  },
});
