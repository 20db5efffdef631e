import { GenerateRequestSchema, MAX_PROMPT_CHARS } from "~/domain/requests/generation";
import { PLACED_HTML_LIMITS } from "~/domain/html/limits";
import { apiRoute } from "~/http/api-route.server";
import { insufficientBalance, json, serviceError } from "~/http/responses.server";
import { refusedStreamError } from "~/http/storage-refusal.server";
import { checkHtmlInputs } from "~/services/html-inputs.server";
import { sseResponse } from "~/lib/sse.server";
import { openStream } from "~/services/streams.server";
import { creditBalance } from "~/services/users.server";
import { clientHtmlParts, CLIENT_HTML_PARTS, generate, prepareGeneration, type StageName } from "~/services/generation.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  POST: async ({ app, user, body, request, requestId }) => {
    const parsed = await body(GenerateRequestSchema, { maxChars: { prompt: MAX_PROMPT_CHARS } });
    if (!parsed.ok) return parsed.response;
    // Saved sections and locked blueprint sections go into the email verbatim: within the HTML
    // limits, before any credit moves.
    const html = await checkHtmlInputs(clientHtmlParts(parsed.data), CLIENT_HTML_PARTS, PLACED_HTML_LIMITS);
    if (html) return serviceError(html);
    const checked = prepareGeneration(parsed.data);
    if (!checked.ok) return serviceError(checked);
    const prepared = checked.value;

    if (!(request.headers.get("accept") ?? "").includes("text/event-stream")) {
      const result = await generate(app, user, prepared);
      if (!result.ok) return serviceError(result);
      return json(result.value);
    }

    // A short balance is still a plain 402 (the charge inside generate() remains the real guard).
    if ((await creditBalance(app, user.id)) < app.env.CREDITS_PER_GENERATION) return insufficientBalance();
    // A stream takes one of the user's stream slots (429 past the caps), before the charge.
    const opened = openStream(app, user);
    if (!opened.ok) return serviceError(opened);

    // Streaming: one `stage` event per pipeline stage, then `result` (or `error`) and the end. A
    // client that goes away does not stop the generation; it still completes and is logged, and
    // the stream gives its slot back at once.
    return sseResponse(
      async (send) => {
        const result = await generate(app, user, prepared, (stage: StageName, detail) => send("stage", { stage, ...detail }));
        if (result.ok) send("result", result.value);
        else
          send("error", {
            success: false,
            status: result.status,
            error: result.error,
            ...(result.details !== undefined ? { details: result.details } : {}),
            ...(result.extra ?? {}),
          });
      },
      (error, send) => {
        const refused = refusedStreamError(error);
        if (refused) {
          app.logger.warn({ requestId, status: 503 }, "the database refused a streamed generation's write; its last event says 503");
          send("error", refused);
          return;
        }
        app.logger.error({ err: error, requestId }, "generation failed");
        send("error", { success: false, status: 500, error: "Internal server error", request_id: requestId });
      },
      { signal: request.signal, slot: opened.value },
    );
  },
});
