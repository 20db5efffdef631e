// The builder's streaming generation (cookie-authenticated page resource route): the same
// generate() as POST /api/generate, with its stage listener, written as the same SSE events —
// `stage` per finished stage, then `result` (the API's response plus `versionId`) or `error`.
// The page's CSRF check (token in X-CSRF-Token or the form's _csrf field) runs before this code.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getApp } from "~/composition/app.server";
import { json } from "~/http/responses.server";
import { requirePageUser } from "~/http/session.server";
import { refusedStreamError } from "~/http/storage-refusal.server";
import { sseResponse } from "~/lib/sse.server";
import { hasCreditsFor, parseGenerateForm, runGenerateRequest } from "~/services/builder.server";
import { openStream } from "~/services/streams.server";

export async function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const parsed = parseGenerateForm(await request.formData());
  if (!parsed.ok) {
    // The brief form's answer is conform's, as the page's own post would give it.
    const marks = "reply" in parsed ? { reply: parsed.reply } : { errors: parsed.errors };
    // A Response of its own: a resource route's `data()` is answered 200.
    return json({ success: false, error: "Check the highlighted fields", step: parsed.step, ...marks }, 400);
  }
  if (!(await hasCreditsFor(app, user))) return json({ success: false, error: "Insufficient balance", status: 402 }, 402);
  const opened = openStream(app, user);
  if (!opened.ok) {
    const { status, error, retryAfterSeconds } = opened;
    return json({ success: false, error, status }, { status, headers: { "Retry-After": String(retryAfterSeconds) } });
  }

  // Whether a credit moved: generate() gives it back when anything after the charge fails.
  let charged = false;
  return sseResponse(
    async (send) => {
      const result = await runGenerateRequest(app, user, parsed, (stage, detail) => {
        if (stage === "credits") charged = Number(detail.charged) > 0;
        send("stage", { stage, ...detail });
      });
      if (result.ok)
        send("result", { ...result.value.response, versionId: result.value.versionId, url: `/builder/v/${result.value.versionId}` });
      else
        send("error", {
          success: false,
          status: result.status,
          error: result.error,
          ...(result.details !== undefined ? { details: result.details } : {}),
          ...(result.extra ?? {}),
          refunded: result.charged ?? false,
        });
    },
    (error, send) => {
      const refused = refusedStreamError(error);
      if (refused) {
        app.logger.warn({ status: 503 }, "the database refused a streamed generation's write; its last event says 503");
        send("error", { ...refused, refunded: charged });
        return;
      }
      app.logger.error({ err: error }, "builder generation failed");
      send("error", { success: false, status: 500, error: "Internal server error", refunded: charged });
    },
    { signal: request.signal, slot: opened.value },
  );
}
