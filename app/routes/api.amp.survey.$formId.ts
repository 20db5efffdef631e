import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getApp } from "~/lib/app.server";
import { apiError, apiRoute, json, readBodyText } from "~/lib/http.server";
import { ampCorsDecision, storeSurveyResponse, SurveyFieldsSchema } from "~/services/amp.server";

/** An AMP survey posts a handful of short fields; anything near this is not our form. */
const BODY_LIMIT_BYTES = 64 * 1024;

const PREFLIGHT_HEADERS = {
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, AMP-Email-Sender, AMP-Same-Origin",
  "Access-Control-Max-Age": "600",
};

type Fields = { ok: true; fields: unknown } | { ok: false; response: Response };

/** amp-form posts multipart form data; urlencoded and JSON are accepted for other callers. */
async function readFields(request: Request): Promise<Fields> {
  const body = await readBodyText(request, BODY_LIMIT_BYTES);
  if (!body.ok) return body;
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    try {
      return { ok: true, fields: JSON.parse(body.text) };
    } catch {
      return { ok: false, response: apiError(400, "Malformed JSON body") };
    }
  }
  if (type.startsWith("application/x-www-form-urlencoded")) {
    const fields: Record<string, string | string[]> = {};
    for (const [k, v] of new URLSearchParams(body.text)) add(fields, k, v);
    return { ok: true, fields };
  }
  if (!type.startsWith("multipart/form-data")) {
    return { ok: false, response: apiError(415, "Content-Type must be multipart/form-data, application/x-www-form-urlencoded or application/json") };
  }
  let form: FormData;
  try {
    form = await new Response(body.text, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    return { ok: false, response: apiError(400, "Malformed multipart body") };
  }
  const fields: Record<string, string | string[]> = {};
  for (const [k, v] of form) {
    if (typeof v !== "string") return { ok: false, response: apiError(400, "File uploads are not accepted") };
    add(fields, k, v);
  }
  return { ok: true, fields };
}

/** A repeated name (checkboxes) becomes a list, as a form's values are. */
function add(fields: Record<string, string | string[]>, key: string, value: string): void {
  const prev = fields[key];
  if (prev === undefined) fields[key] = value;
  else fields[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
}

const route = apiRoute("none", {
  POST: async ({ app, request, params }) => {
    const read = await readFields(request);
    if (!read.ok) return read.response;
    const parsed = SurveyFieldsSchema.safeParse(read.fields);
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message, code: i.code }));
      return apiError(400, "Invalid survey response", { details });
    }
    const url = new URL(request.url);
    const sender = request.headers.get("amp-email-sender") ?? url.searchParams.get("__amp_source_origin");
    const stored = await storeSurveyResponse(app, { formId: params.formId ?? "", sender, fields: parsed.data });
    if (!stored.ok) return apiError(stored.status, stored.error);
    return json({ success: true, message: "Thank you! Your answer was saved." });
  },
});

/**
 * Every answer, errors included, carries the CORS headers: without them the mail client cannot
 * read the response and shows neither the success nor the error template. Preflights are answered
 * here because apiRoute knows only the JSON methods.
 */
async function withAmpCors(args: LoaderFunctionArgs | ActionFunctionArgs, next: typeof route.action): Promise<Response> {
  const { request } = args;
  const app = await getApp();
  const decision = ampCorsDecision(app.env, {
    origin: request.headers.get("origin"),
    sender: request.headers.get("amp-email-sender"),
    sourceOrigin: new URL(request.url).searchParams.get("__amp_source_origin"),
  });
  if (!decision.ok) return apiError(decision.status, decision.error);
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: { ...decision.headers, ...PREFLIGHT_HEADERS } });
  const response = await next(args);
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(decision.headers)) headers.set(k, v);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export const apiAuth = route.apiAuth;
export const loader = (args: LoaderFunctionArgs) => withAmpCors(args, route.loader);
export const action = (args: ActionFunctionArgs) => withAmpCors(args, route.action);
