import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError } from "~/http/responses.server";

// Any /api/... path that no route claims: a JSON 404 rather than the HTML error page.
function unknownEndpoint({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return apiError(404, `Unknown endpoint ${request.method} ${url.pathname}`);
}

export const loader = unknownEndpoint;
export const action = unknownEndpoint;
