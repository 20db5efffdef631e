import { GenerateRequestSchema, MAX_PROMPT_CHARS } from "~/domain/generation/requests";
import { PLACED_HTML_LIMITS } from "~/domain/html/limits";
import { apiRoute, checkHtmlInputs, insufficientBalance, json, serviceError } from "~/lib/http.server";
import { balanceOf } from "~/models/credits.server";
import { clientHtmlParts, CLIENT_HTML_PARTS, generate, prepareGeneration, type StageName } from "~/services/generation.server";

function sse(event: string, data: unknown): Uint8Array {
  return new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

export const { loader, action, apiAuth } = apiRoute("user", {
  POST: async ({ app, user, body, request, requestId }) => {
    const parsed = await body(GenerateRequestSchema, { maxChars: { prompt: MAX_PROMPT_CHARS } });
    if (!parsed.ok) return parsed.response;
    // Saved sections and locked blueprint sections go into the email verbatim: within the HTML
    // limits, before any credit moves.
    const html = await checkHtmlInputs(clientHtmlParts(parsed.data), CLIENT_HTML_PARTS, PLACED_HTML_LIMITS);
    if (html) return html;
    const checked = prepareGeneration(parsed.data);
    if (!checked.ok) return serviceError(checked);
    const { prepared } = checked;

    if (!(request.headers.get("accept") ?? "").includes("text/event-stream")) {
      const result = await generate(app, user, prepared);
      if (!result.ok) return serviceError(result);
      return json(result.response);
    }

    // A short balance is still a plain 402 (the charge inside generate() remains the real guard).
    if ((await balanceOf(app.database.db, user.id)) < app.env.CREDITS_PER_GENERATION) return insufficientBalance();

    // Streaming: one `stage` event per pipeline stage, then `result` (or `error`) and the end.
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (event: string, data: unknown) => {
          try {
            controller.enqueue(sse(event, data));
          } catch {
            // the client went away; the generation still completes and is logged
          }
        };
        try {
          const result = await generate(app, user, prepared, (stage: StageName, detail) => send("stage", { stage, ...detail }));
          if (result.ok) send("result", result.response);
          else send("error", { success: false, status: result.status, error: result.error, ...(result.details !== undefined ? { details: result.details } : {}), ...(result.extra ?? {}) });
        } catch (error) {
          app.logger.error({ err: error, requestId }, "generation failed");
          send("error", { success: false, status: 500, error: "Internal server error", request_id: requestId });
        }
        controller.close();
      },
    });
    return new Response(stream, {
      headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", Connection: "keep-alive", "X-Accel-Buffering": "no" },
    });
  },
});
