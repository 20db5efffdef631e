import crypto from "node:crypto";
import { z } from "zod";
import { apiRoute, json, serviceError } from "~/lib/http.server";
import { buildAmpEmail } from "~/services/amp.server";

// The blueprint is checked by the AMP build itself, so its issues come back with full paths.
const Body = z.object({
  blueprint: z.record(z.unknown()),
  html: z.string().max(2_000_000).nullish(),
});

export const { loader, action, apiAuth } = apiRoute("user", {
  POST: async ({ app, body }) => {
    const parsed = await body(Body);
    if (!parsed.ok) return parsed.response;
    const result = await buildAmpEmail(app, {
      blueprint: parsed.data.blueprint,
      html: parsed.data.html ?? undefined,
      formId: crypto.randomUUID(),
    });
    if (!result.ok) return serviceError(result);
    const { formId, ampHtml, validation, repairs, parity, clipping, warnings } = result;
    return json({ success: true, ampHtml, validation, repairs, parity, clipping, formId, warnings });
  },
});
