import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { CsrfField } from "~/components/csrf-field";
import { getApp } from "~/composition/app.server";
import { signIn } from "~/services/auth.server";
import { getSessionUser, startPageSession } from "~/http/session.server";
import type { LoadContext } from "~/http/api-route.server";
import { safeRedirectPath } from "~/lib/safe-redirect";

export const meta: MetaFunction = () => [{ title: "Sign in" }];

// A throttled sign-in answers 429 with Retry-After, on the document response too.
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : loaderHeaders;
};

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionUser(request)) {
    const app = await getApp();
    return redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), app.env.BASE_URL));
  }
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const app = await getApp();
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const result = await signIn(app, {
    email,
    password: String(form.get("password") ?? ""),
    clientIp: (context as LoadContext | undefined)?.clientIp ?? "unknown",
  });
  if (!result.ok) {
    const headers = result.status === 429 ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data({ error: result.error, email }, { status: result.status, headers });
  }
  return redirect(safeRedirectPath(form.get("redirectTo"), app.env.BASE_URL), {
    headers: { "Set-Cookie": await startPageSession(request, result.value) },
  });
}

export default function Login() {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="narrow" style={{ margin: "0 auto" }}>
      <h1>Sign in</h1>
      <div className="card">
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/builder"} />
          {result?.error ? <p className="error" role="alert">{result.error}</p> : null}
          <label htmlFor="email">Email</label>
          <input id="email" name="email" type="email" autoComplete="email" required defaultValue={result?.email} />
          <label htmlFor="password">Password</label>
          <input id="password" name="password" type="password" autoComplete="current-password" required />
          <button type="submit" disabled={busy}>{busy ? "Signing in…" : "Sign in"}</button>
        </Form>
      </div>
      <p className="muted">First start prints the admin's email and password in the terminal running <code>npm start</code>.</p>
    </div>
  );
}
