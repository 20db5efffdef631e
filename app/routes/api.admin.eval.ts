import { normalizeEvalResult } from "~/domain/eval/result";
import { AdminEvalBodySchema } from "~/domain/requests/eval";
import { apiRoute } from "~/http/api-route.server";
import { apiError, json } from "~/http/responses.server";
import { createRun, finalizeRun, getRunWithResults, listRuns, saveResult } from "~/services/eval.server";

export const { loader, action, apiAuth } = apiRoute("admin", {
  GET: async ({ app, request }) => {
    const runId = new URL(request.url).searchParams.get("run");
    if (runId === null) return json({ success: true, runs: await listRuns(app) });
    if (!runId.trim()) return apiError(400, "Invalid request", { details: [{ path: "run", message: "run must be a run id" }] });
    const found = await getRunWithResults(app, runId.trim());
    if (!found.ok) return apiError(found.status, found.error);
    return json({ success: true, ...found.value });
  },

  POST: async ({ app, body }) => {
    const parsed = await body(AdminEvalBodySchema);
    if (!parsed.ok) return parsed.response;
    const data = parsed.data;
    switch (data.action) {
      case "createRun": {
        const run = await createRun(app, data);
        return json({ success: true, runId: run.id, run });
      }
      case "saveResult": {
        const normalized = normalizeEvalResult(data.result);
        if (!normalized.ok) {
          const details = normalized.issues.map((i) => ({ path: `result.${i.path}`, message: i.message }));
          return apiError(400, "Invalid request", { details });
        }
        const saved = await saveResult(app, data.runId, normalized.value);
        if (!saved.ok) return apiError(saved.status, saved.error);
        return json({ success: true, ...saved.value });
      }
      case "finalizeRun": {
        const done = await finalizeRun(app, data.runId);
        if (!done.ok) return apiError(done.status, done.error);
        return json({ success: true, run: done.value });
      }
    }
  },
});
