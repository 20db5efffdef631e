// One way to write a JSON API route (docs/api.md "Conventions"): apiRoute.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { getApp, type AppContext } from "~/composition/app.server";
import { authenticateBearer, type AuthFailure, type User } from "~/services/auth.server";
import { isStorageFull, noteStorageFull } from "~/lib/storage-refusals.server";
import { parseJsonBody, type BodyOptions, type ParsedBody } from "./body.server";
import { apiError, databaseBusy, databaseFull, forbidden, isDatabaseBusy, unauthorized } from "./responses.server";

export type ApiAuth = "user" | "admin" | "none";
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiArgs {
  request: Request;
  params: Record<string, string | undefined>;
  app: AppContext;
  requestId: string;
  /** The client's address (X-Forwarded-For is believed only from the proxies in TRUST_PROXY). */
  clientIp: string;
  /** Set for "user" and "admin" routes. */
  user: User;
  body<S extends z.ZodTypeAny>(schema: S, options?: BodyOptions): Promise<ParsedBody<z.infer<S>>>;
}

export type ApiHandler = (args: ApiArgs) => Promise<Response> | Response;

export interface LoadContext {
  requestId?: string;
  clientIp?: string;
}

function authFailureResponse(f: AuthFailure): Response {
  return f === "forbidden" ? forbidden() : unauthorized();
}

/**
 * A JSON API resource route: authentication first (so an anonymous caller learns nothing about a
 * route), then dispatch by method (405 with Allow otherwise), and any unexpected error becomes a
 * 500 without internals while the log keeps the stack and the request id.
 */
export function apiRoute(auth: ApiAuth, handlers: Partial<Record<Method, ApiHandler>>) {
  const allow = Object.keys(handlers).join(", ");
  const dispatch = async ({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> => {
    const app = await getApp();
    const requestId = (context as LoadContext | undefined)?.requestId ?? request.headers.get("x-request-id") ?? "-";
    const log = app.logger.child({ requestId });
    try {
      let user: User | undefined;
      if (auth !== "none") {
        const result = await authenticateBearer(app, request, auth === "admin");
        if (!result.ok) return authFailureResponse(result.failure);
        user = result.user;
      }
      const method = (request.method === "HEAD" ? "GET" : request.method) as Method;
      const handler = handlers[method];
      if (!handler) return apiError(405, `Method ${request.method} not allowed`, { allow }, { Allow: allow });
      return await handler({
        request,
        params,
        app,
        requestId,
        clientIp: (context as LoadContext | undefined)?.clientIp ?? "unknown",
        user: user as User,
        body: (schema, options) => parseJsonBody(request, schema, app.env.JSON_BODY_LIMIT_BYTES, options),
      });
    } catch (error) {
      if (error instanceof Response) return error;
      if (isDatabaseBusy(error)) {
        log.warn({ path: new URL(request.url).pathname }, "database write lock held by another process; answered 503");
        return databaseBusy();
      }
      if (isStorageFull(error)) {
        noteStorageFull();
        log.error({ err: error, path: new URL(request.url).pathname }, "the database has no room for a write (disk full); answered 503");
        return databaseFull();
      }
      log.error({ err: error, path: new URL(request.url).pathname }, "unhandled error in API route");
      return apiError(500, "Internal server error", { request_id: requestId });
    }
  };
  return { loader: dispatch, action: dispatch, apiAuth: auth };
}
