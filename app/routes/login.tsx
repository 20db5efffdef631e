import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { commitSession, getSession, getSessionUser, loginWithForm } from "~/lib/auth.server";

export const meta: MetaFunction = () => [{ title: "Sign in" }];

function safeRedirect(to: FormDataEntryValue | string | null): string {
  const value = typeof to === "string" ? to : "";
  return value.startsWith("/") && !value.startsWith("//") ? value : "/";
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionUser(request)) return redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const result = await loginWithForm(request);
  if (!result.ok) return { error: result.error, email: String(form.get("email") ?? "") };
  const session = await getSession(request);
  session.set("userId", result.user.id);
  return redirect(safeRedirect(form.get("redirectTo")), { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function Login() {
  const data = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="narrow" style={{ margin: "0 auto" }}>
      <h1>Sign in</h1>
      <div className="card">
        <Form method="post">
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/"} />
          {data?.error ? <p className="error" role="alert">{data.error}</p> : null}
          <label htmlFor="email">Email</label>
          <input id="email" name="email" type="email" autoComplete="email" required defaultValue={data?.email} />
          <label htmlFor="password">Password</label>
          <input id="password" name="password" type="password" autoComplete="current-password" required />
          <button type="submit" disabled={busy}>{busy ? "Signing in…" : "Sign in"}</button>
        </Form>
      </div>
      <p className="muted">First start prints the admin's email and password in the terminal running <code>npm start</code>.</p>
    </div>
  );
}
