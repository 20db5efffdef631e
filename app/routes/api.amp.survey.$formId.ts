import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getApp } from "~/composition/app.server";
import { apiRoute } from "~/http/api-route.server";
import { readBodyText } from "~/http/body.server";
import { apiError, json, serviceError } from "~/http/responses.server";
import { SurveyFieldsSchema } from "~/domain/requests/amp";
import { admitSurveyPost, ampCorsDecision, storeSurveyResponse, surveyAddress } from "~/services/amp.server";

const PREFLIGHT_HEADERS = {
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, AMP-Email-Sender, AMP-Same-Origin",
  "Access-Control-Max-Age": "600",
};

type Fields = { ok: true; fields: unknown } | { ok: false; response: Response };

/** amp-form posts multipart form data; urlencoded and JSON are accepted for other callers. */
async function readFields(request: Request, body: string): Promise<Fields> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    try {
      return { ok: true, fields: JSON.parse(body) };
    } catch {
      return { ok: false, response: apiError(400, "Malformed JSON body") };
    }
  }
  if (type.startsWith("application/x-www-form-urlencoded")) {
    const fields = emptyFields();
    for (const [k, v] of new URLSearchParams(body)) add(fields, k, v);
    return { ok: true, fields };
  }
  if (!type.startsWith("multipart/form-data")) {
    return {
      ok: false,
      response: apiError(415, "Content-Type must be multipart/form-data, application/x-www-form-urlencoded or application/json"),
    };
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    return { ok: false, response: apiError(400, "Malformed multipart body") };
  }
  const fields = emptyFields();
  for (const [k, v] of form) {
    if (typeof v !== "string") return { ok: false, response: apiError(400, "File uploads are not accepted") };
    add(fields, k, v);
  }
  return { ok: true, fields };
}

/** Without a prototype, a field named `__proto__` is just a field (the schema then refuses it). */
const emptyFields = (): Record<string, string | string[]> => Object.create(null) as Record<string, string | string[]>;

/** A repeated name (checkboxes) becomes a list, as a form's values are. */
function add(fields: Record<string, string | string[]>, key: string, value: string): void {
  const prev = fields[key];
  if (prev === undefined) fields[key] = value;
  else fields[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
}

const route = apiRoute("none", {
  // In order: the signed address of a sent copy's form (400 malformed, 404 not signed here, 410 a
  // form without a send; nothing read), body size (413, AMP_SURVEY_BODY_LIMIT_BYTES, nothing
  // counted), what the address wrote (429 with Retry-After: per form a minute, all forms an hour,
  // bytes an hour), body encoding and fields (415 / 400), the send and its sender's form (404), the
  // form's questions and options (400), store.
  POST: async ({ app, request, params, clientIp }) => {
    const address = surveyAddress(app.env, params.formId ?? "");
    if (!address.ok) return serviceError(address);
    const { formId, sendId } = address.value;
    const body = await readBodyText(request, app.env.AMP_SURVEY_BODY_LIMIT_BYTES);
    if (!body.ok) return body.response;
    const admitted = await admitSurveyPost(app, { clientIp, formId, bytes: Buffer.byteLength(body.text) });
    if (!admitted.ok) return serviceError(admitted);
    const read = await readFields(request, body.text);
    if (!read.ok) return read.response;
    const parsed = SurveyFieldsSchema.safeParse(read.fields);
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message, code: i.code }));
      return apiError(400, "Invalid survey response", { details });
    }
    const url = new URL(request.url);
    const sender = request.headers.get("amp-email-sender") ?? url.searchParams.get("__amp_source_origin");
    const stored = await storeSurveyResponse(app, { formId, sendId, sender, fields: parsed.data });
    if (!stored.ok) return serviceError(stored);
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
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: { ...decision.value, ...PREFLIGHT_HEADERS } });
  const response = await next(args);
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(decision.value)) headers.set(k, v);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export const apiAuth = route.apiAuth;
export const loader = (args: LoaderFunctionArgs) => withAmpCors(args, route.loader);
export const action = (args: ActionFunctionArgs) => withAmpCors(args, route.action);
