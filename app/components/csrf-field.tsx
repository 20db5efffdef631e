import { useRouteLoaderData } from "@remix-run/react";
import { CSRF_FIELD } from "~/lib/csrf";

/** The session's CSRF token, from the root loader: every page form that posts must carry it. */
export function useCsrfToken(): string | undefined {
  return useRouteLoaderData<{ csrfToken?: string }>("root")?.csrfToken;
}

/** Put inside every `<Form method="post">`: the server refuses page posts without it (csrf.server.ts). */
export function CsrfField() {
  const token = useCsrfToken();
  return token ? <input type="hidden" name={CSRF_FIELD} value={token} /> : null;
}
