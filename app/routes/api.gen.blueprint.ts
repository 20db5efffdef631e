import { GenBlueprintRequestSchema } from "~/domain/generation/requests";
import { apiRoute, json, serviceError } from "~/lib/http.server";
import { generateBlueprint } from "~/services/generation.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  POST: async ({ app, body }) => {
    const parsed = await body(GenBlueprintRequestSchema);
    if (!parsed.ok) return parsed.response;
    const result = await generateBlueprint(app, parsed.data);
    if (!result.ok) return serviceError(result);
    return json({ success: true, blueprint: result.blueprint });
  },
});
