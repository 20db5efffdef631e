import crypto from "node:crypto";
import { HTML_LIMITS, PLACED_HTML_LIMITS } from "~/domain/html/limits";
import { GenAmpBodySchema } from "~/domain/requests/amp";
import { apiRoute, json, serviceError } from "~/http/api.server";
import { buildAmpEmail } from "~/services/amp.server";
import { checkHtmlInputs } from "~/services/html-inputs.server";
import { renderedBlueprintProblem } from "~/services/generation.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  POST: async ({ app, body }) => {
    const parsed = await body(GenAmpBodySchema, { maxChars: { html: HTML_LIMITS.maxChars } });
    if (!parsed.ok) return parsed.response;
    // The reference HTML and the blueprint's locked sections are parsed (parity, the AMP build).
    const sections = parsed.data.blueprint.sections;
    const locked = (Array.isArray(sections) ? sections : []).flatMap((s: unknown, i) => {
      const html = (s as { lockedHtml?: unknown } | null)?.lockedHtml;
      return typeof html === "string" ? [{ field: `blueprint.sections.${i}.lockedHtml`, html }] : [];
    });
    const html =
      (parsed.data.html ? await checkHtmlInputs([{ field: "html", html: parsed.data.html }]) : null) ??
      // Locked sections as in a generation, except in characters: an AMP document over AMP's
      // 200 KB limit must stay reachable, to be reported as such (AMP_DOC_TOO_LARGE).
      (await checkHtmlInputs(locked, "blueprint lockedHtml together", { ...PLACED_HTML_LIMITS, maxChars: HTML_LIMITS.maxChars }));
    if (html) return serviceError(html);
    // Characters are not limited here (see lockedHtml above); the schema bounds them to ~400 KB.
    const tooBig = renderedBlueprintProblem(parsed.data.blueprint, { maxChars: Infinity });
    if (tooBig) return serviceError(tooBig);
    const result = await buildAmpEmail(app, {
      blueprint: parsed.data.blueprint,
      html: parsed.data.html ?? undefined,
      formId: crypto.randomUUID(),
    });
    if (!result.ok) return serviceError(result);
    const { formId, ampHtml, validation, repairs, parity, clipping, warnings } = result.value;
    return json({ success: true, ampHtml, validation, repairs, parity, clipping, formId, warnings });
  },
});
