import { z } from "zod";
import { CopyDocSchema } from "~/domain/copy/schema";
import { createJudge } from "~/engines/judge";
import { apiError, apiRoute, json } from "~/lib/http.server";
import { judgeEmail } from "~/services/eval.server";

const Body = z.object({
  prompt: z.string().trim().min(1).max(20_000),
  html: z.string().min(1),
  copyDoc: CopyDocSchema.optional(),
  blueprint: z.record(z.unknown()).optional(),
  emailType: z.string().trim().max(40).optional(),
});

// The local judge until composition.server.ts selects a provider for the judge role.
const judge = createJudge();

export const { loader, action, apiAuth } = apiRoute("admin", {
  POST: async ({ app, body }) => {
    const parsed = await body(Body);
    if (!parsed.ok) return parsed.response;
    const result = await judgeEmail(app, judge, parsed.data);
    if (!result.ok) return apiError(result.status, result.error);
    return json({ success: true, ...result.value });
  },
});
