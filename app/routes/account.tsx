// The signed-in user's account: change your own password (current password, new one twice).
// The rules are the users service's (changeOwnPassword); other sessions end, this one stays.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CsrfField } from "~/components/csrf-field";
import { getApp } from "~/composition/app.server";
import { ChangePasswordFormSchema, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/domain/requests/users";
import { getPageSession, requirePageUser } from "~/http/session.server";
import { changeOwnPassword } from "~/services/users.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: "/styles/account.css" }];

export const meta: MetaFunction = ({ matches }) => {
  const brand = (matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic";
  return [{ title: `Account · ${brand}` }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  return { email: user.email, isAdmin: user.isAdmin };
}

type Field = "current" | "password" | "confirm";
type Result = { ok: true; sessionsEnded: number } | { ok: false; error: string; field?: Field };

export async function action({ request }: ActionFunctionArgs): Promise<Result> {
  const user = await requirePageUser(request);
  const session = await getPageSession(request);
  if (!session) throw new Response("Sign in again", { status: 401 });
  const app = await getApp();
  const input = ChangePasswordFormSchema.parse(Object.fromEntries(await request.formData()));
  const r = await changeOwnPassword(app, user, input, session.id);
  if (r.ok) return { ok: true, sessionsEnded: r.value.sessionsEnded };
  const field = r.code === "current" || r.code === "password" || r.code === "confirm" ? r.code : undefined;
  return { ok: false, error: r.error, field };
}

function PasswordField({ id, label, hint, error, autoComplete, autoFocus }: { id: Field; label: string; hint?: string; error?: string; autoComplete: string; autoFocus?: boolean }) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="acc-field">
      <label htmlFor={id}>{label}</label>
      {hint ? <p className="acc-hint" id={`${id}-hint`}>{hint}</p> : null}
      <input
        id={id}
        name={id}
        type="password"
        autoComplete={autoComplete}
        required
        minLength={id === "current" ? undefined : MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        autoFocus={autoFocus}
      />
      {error ? (
        <p className="acc-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function Account() {
  const { email, isAdmin } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const done = result?.ok ? result : null;
  const failed = result && !result.ok ? result : null;
  const statusRef = useRef<HTMLDivElement>(null);
  const fieldError = (f: Field) => (failed?.field === f ? failed.error : undefined);
  useEffect(() => {
    if (!result) return;
    if (failed?.field) document.getElementById(failed.field)?.focus();
    else statusRef.current?.focus();
  }, [result, failed]);

  return (
    <div className="acc">
      <header className="acc-head">
        <p className="acc-eyebrow">Account</p>
        <h1>{email}</h1>
        <p className="acc-lede">
          {isAdmin ? "Administrator. " : ""}Your sign-in details. API access is managed on the <Link to="/tokens">API tokens</Link> page.
        </p>
      </header>

      <section className="acc-card" aria-labelledby="acc-password-title">
        <h2 id="acc-password-title">Change your password</h2>
        <p className="acc-muted">When it is changed, every other browser signed in as you is signed out. This one stays signed in.</p>
        <div ref={statusRef} tabIndex={-1} id="acc-result" className="acc-result" aria-live="polite" data-testid="account-result">
          {done ? (
            <p className="acc-notice acc-notice-ok" role="status">
              Your password is changed.{" "}
              {done.sessionsEnded ? `${done.sessionsEnded === 1 ? "One other session was" : `${done.sessionsEnded} other sessions were`} signed out.` : "No other sessions were signed in."}
            </p>
          ) : null}
          {failed && !failed.field ? (
            <p className="acc-notice acc-notice-error" role="alert">
              {failed.error}
            </p>
          ) : null}
        </div>
        {failed?.field ? (
          <p className="acc-notice acc-notice-error" role="alert" data-testid="account-error">
            {failed.error}
          </p>
        ) : null}
        <Form method="post" action="/account#acc-result" className="acc-form" key={done ? "done" : "form"}>
          <CsrfField />
          <PasswordField id="current" label="Current password" autoComplete="current-password" error={fieldError("current")} autoFocus={failed?.field === "current"} />
          <PasswordField
            id="password"
            label="New password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.`}
            autoComplete="new-password"
            error={fieldError("password")}
            autoFocus={failed?.field === "password"}
          />
          <PasswordField id="confirm" label="New password again" autoComplete="new-password" error={fieldError("confirm")} autoFocus={failed?.field === "confirm"} />
          <button type="submit" disabled={busy}>{busy ? "Changing…" : "Change password"}</button>
        </Form>
      </section>
    </div>
  );
}
