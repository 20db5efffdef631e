// The two endpoints that carry the sending load (300 sends/s, 1,000 webhook events/s on two
// cores; docs/operations.md) are called straight from this table: the route module's action gets
// a plain Request, without Express or Remix's router in front, which cost more than a webhook
// event itself (ADR 016). The route files stay the only place these endpoints are written; every
// other request, /api included, goes through Remix as an ordinary route.
import type http from "node:http";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { Logger } from "~/lib/logger.server";
import type { KineticBuild, RequestContext } from "./build";
import { headersOf } from "./request-info";

/** Exact path (as clients send it) → the route module that answers its POST. */
export const HOT_PATHS: Readonly<Record<string, string>> = {
  "/api/esp-webhook": "routes/api.esp-webhook",
  "/api/send-email-esp": "routes/api.send-email-esp",
};

type Action = NonNullable<KineticBuild["routes"][string]["module"]["action"]>;

/** The table's actions, looked up once; a build without them is refused at start-up. */
export function hotPathActions(build: KineticBuild): Map<string, Action> {
  const actions = new Map<string, Action>();
  for (const [pathname, routeId] of Object.entries(HOT_PATHS)) {
    const action = build.routes[routeId]?.module.action;
    if (!action) throw new Error(`The build has no action for ${routeId} (hot path ${pathname})`);
    actions.set(pathname, action);
  }
  return actions;
}

export async function serveHotPath(
  action: Action,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  context: RequestContext,
  logger: Logger,
) {
  let response: Response;
  try {
    // No abort signal: neither route streams, and following one costs ~80 µs a request (measured for ADR 013).
    const request = new Request(url, {
      method: "POST",
      headers: headersOf(req),
      body: createReadableStreamFromReadable(req),
      duplex: "half",
    } as RequestInit);
    response = (await action({ request, params: {}, context })) as Response;
  } catch (error) {
    if (error instanceof Response) response = error;
    else {
      logger.error({ err: error, requestId: context.requestId, path: url.pathname }, "unhandled error in API route");
      response = Response.json({ success: false, error: "Internal server error", request_id: context.requestId }, { status: 500 });
    }
  }
  try {
    const body = Buffer.from(await response.arrayBuffer());
    res.statusCode = response.status;
    for (const [key, value] of response.headers) res.appendHeader(key, value);
    // Buffered, so Node sends a Content-Length instead of chunking.
    res.end(body);
  } catch (error) {
    // The client went away mid-response; nothing is left to tell it.
    logger.debug({ err: error, requestId: context.requestId }, "response not completely written");
    res.destroy();
  }
}
