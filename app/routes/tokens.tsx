import { getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, type SubmissionResult } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CsrfField } from "~/components/csrf-field";
import { FieldError, VALIDATE_WHEN, pageFormProps } from "~/components/page-form";
import { getApp } from "~/composition/app.server";
import { CreateTokenFormSchema, RevokeTokenFormSchema } from "~/domain/requests/users";
import { parsePageForm } from "~/domain/requests/page-form";
import { issueAccessToken, tokenLifetime } from "~/services/auth.server";
import { requirePageUser } from "~/http/session.server";
import { listTokens, revokeToken } from "~/services/users.server";

export const meta: MetaFunction = ({ matches }) => {
  const brand = (matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic";
  return [{ title: `API tokens · ${brand}` }];
};

const LIFETIMES: Array<{ value: string; label: string }> = [
  { value: "1h", label: "1 hour" },
  { value: "24h", label: "24 hours" },
  { value: "7d", label: "7 days" },
  { value: "30d", label: "30 days" },
  { value: "365d", label: "1 year" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const tokens = await listTokens(app, user.id);
  return {
    baseUrl: app.env.BASE_URL,
    defaultTtl: app.env.ACCESS_TOKEN_TTL,
    // Only the lifetimes ACCESS_TOKEN_MAX_TTL allows are offered.
    lifetimes: (LIFETIMES.some((l) => l.value === app.env.ACCESS_TOKEN_TTL)
      ? LIFETIMES
      : [{ value: app.env.ACCESS_TOKEN_TTL, label: app.env.ACCESS_TOKEN_TTL }, ...LIFETIMES]
    ).filter((l) => tokenLifetime(app.env, l.value).ok),
    tokens: tokens.map((t) => ({
      jti: t.jti,
      name: t.name,
      createdAt: t.createdAt.toISOString(),
      expiresAt: t.expiresAt.toISOString(),
      revoked: Boolean(t.revokedAt),
      expired: t.expiresAt.getTime() < Date.now(),
    })),
  };
}

type TokensResult = {
  /** The create form's submission, for its fields' errors. */
  create: SubmissionResult | null;
  created: { token: string; expiresAt: string; name: string } | null;
  notice: string | null;
  error: string | null;
};

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const form = await request.formData();
  const none: TokensResult = { create: null, created: null, notice: null, error: null };
  if (form.get("intent") === "revoke") {
    const revoke = parsePageForm(form, { schema: RevokeTokenFormSchema });
    if (revoke.status !== "success") return data({ ...none, error: "Unknown token" }, { status: 400 });
    const done = await revokeToken(app, user.id, revoke.value.jti);
    return done ? { ...none, notice: "Token revoked." } : { ...none, error: "That token was already revoked." };
  }
  const submission = parsePageForm(form, { schema: CreateTokenFormSchema });
  if (submission.status !== "success") return data({ ...none, create: submission.reply() }, { status: 400 });
  const lifetime = tokenLifetime(app.env, submission.value.ttl);
  if (!lifetime.ok) return data({ ...none, create: submission.reply({ fieldErrors: { ttl: [`${lifetime.error}.`] } }) }, { status: 400 });
  const issued = await issueAccessToken(app, user, submission.value.ttl, submission.value.name);
  const created = { token: issued.token, expiresAt: issued.expiresAt.toISOString(), name: submission.value.name };
  return { ...none, create: submission.reply({ resetForm: true }), created };
}

function CopyButton({ text }: { text: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <button
      type="button"
      className="secondary"
      onClick={() => {
        navigator.clipboard?.writeText(text).then(
          () => setState("copied"),
          () => setState("failed"),
        );
      }}
    >
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed: select the text" : "Copy"}
    </button>
  );
}

export default function Tokens() {
  const { tokens, baseUrl, defaultTtl, lifetimes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const created = result?.created ?? null;
  const [form, fields] = useForm({
    id: "new-token",
    lastResult: result?.create,
    defaultValue: { ttl: defaultTtl },
    constraint: getZodConstraint(CreateTokenFormSchema),
    ...VALIDATE_WHEN,
    onValidate: ({ formData }) => parsePageForm(formData, { schema: CreateTokenFormSchema }),
  });
  return (
    <div>
      <h1>API tokens</h1>
      <p className="muted">
        Call the JSON API with <code>Authorization: Bearer &lt;token&gt;</code>. A token is shown once, when you create it.
      </p>
      {result?.error ? (
        <p className="error" role="alert">
          {result.error}
        </p>
      ) : null}
      {result?.notice ? <p className="notice">{result.notice}</p> : null}
      {created ? (
        <div className="card" data-testid="new-token">
          <p>
            <strong>{created.name}</strong>: copy it now, it will not be shown again (expires{" "}
            <span suppressHydrationWarning>{new Date(created.expiresAt).toLocaleString()}</span>).
          </p>
          <div className="token" data-testid="token-value">
            {created.token}
          </div>
          <CopyButton text={created.token} />
          <p className="muted">Try it:</p>
          <pre className="token" data-testid="token-curl">
            curl -H "Authorization: Bearer {created.token}" {baseUrl}/api/me
          </pre>
        </div>
      ) : null}
      <div className="card">
        <h2 style={{ marginTop: 0 }}>Create a token</h2>
        {/* Keyed by the new token so the form starts empty again after creating one. */}
        <Form method="post" key={created?.token ?? "new"} {...pageFormProps(form)}>
          <CsrfField />
          <input type="hidden" name="intent" value="create" />
          <label htmlFor={fields.name.id}>Name</label>
          <input {...getInputProps(fields.name, { type: "text" })} placeholder="e.g. build server" />
          <FieldError field={fields.name} />
          <label htmlFor={fields.ttl.id}>Lifetime</label>
          <select {...getSelectProps(fields.ttl)}>
            {lifetimes.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
                {l.value === defaultTtl ? " (default)" : ""}
              </option>
            ))}
          </select>
          <FieldError field={fields.ttl} />
          <button type="submit">Create token</button>
        </Form>
      </div>
      <h2>Your tokens</h2>
      {tokens.length === 0 ? (
        <p className="muted">No tokens yet.</p>
      ) : (
        <table className="list">
          <thead>
            <tr>
              <th>Name</th>
              <th>Created</th>
              <th>Expires</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.jti}>
                <td>{t.name}</td>
                <td>{new Date(t.createdAt).toLocaleString()}</td>
                <td>{new Date(t.expiresAt).toLocaleString()}</td>
                <td>
                  <span className="pill">{t.revoked ? "revoked" : t.expired ? "expired" : "active"}</span>
                </td>
                <td>
                  {!t.revoked && !t.expired ? (
                    <Form method="post">
                      <CsrfField />
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="jti" value={t.jti} />
                      <button type="submit" className="secondary" style={{ marginTop: 0 }}>
                        Revoke
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
