import { GenerateEmailRequestSchema } from "~/domain/generation/requests";
import { apiRoute, json, serviceError } from "~/lib/http.server";
import { generateEmail } from "~/services/generation.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  POST: async ({ app, user, body }) => {
    const parsed = await body(GenerateEmailRequestSchema);
    if (!parsed.ok) return parsed.response;
    const result = await generateEmail(app, user, parsed.data);
    if (!result.ok) return serviceError(result);
    return json(result.response);
  },
});
