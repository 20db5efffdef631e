// The signed-in user's account: change your own password (current password, new one twice).
// The rules are the users service's (changeOwnPassword); other sessions end, this one stays.
import { getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CsrfField } from "~/components/csrf-field";
import { FieldError, FormErrors, VALIDATE_WHEN, focusField, pageFormProps } from "~/components/page-form";
import { getApp } from "~/composition/app.server";
import { ChangePasswordFormSchema, MIN_PASSWORD_LENGTH } from "~/domain/requests/users";
import { parsePageForm } from "~/domain/requests/page-form";
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

const FORM_ID = "acc";
const FIELDS = ["current", "password", "confirm"] as const;
// No password is ever sent back in the page that answers a post.
const HIDE = { hideFields: [...FIELDS] };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePageUser(request);
  const session = await getPageSession(request);
  if (!session) throw new Response("Sign in again", { status: 401 });
  const app = await getApp();
  const submission = parsePageForm(await request.formData(), { schema: ChangePasswordFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(HIDE), sessionsEnded: null }, { status: 400 });
  const r = await changeOwnPassword(app, user, submission.value, session.id);
  if (r.ok) return { result: submission.reply({ resetForm: true }), sessionsEnded: r.value.sessionsEnded };
  // The service names the field its answer is about (a wrong current password, a lockout).
  const field = FIELDS.find((f) => f === r.code);
  const reply = field ? { ...HIDE, fieldErrors: { [field]: [r.error] } } : { ...HIDE, formErrors: [r.error] };
  return data({ result: submission.reply(reply), sessionsEnded: null }, { status: r.status });
}

function PasswordField({
  field,
  label,
  hint,
  autoComplete,
}: {
  field: FieldMetadata<string>;
  label: string;
  hint?: string;
  autoComplete: string;
}) {
  return (
    <div className="acc-field">
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p className="acc-hint" id={field.descriptionId}>
          {hint}
        </p>
      ) : null}
      <input
        {...getInputProps(field, { type: "password", ariaDescribedBy: hint ? field.descriptionId : undefined })}
        autoComplete={autoComplete}
      />
      <FieldError field={field} className="acc-error" />
    </div>
  );
}

export default function Account() {
  const { email, isAdmin } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const sessionsEnded = actionData?.sessionsEnded ?? null;
  const statusRef = useRef<HTMLDivElement>(null);
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: actionData?.result,
    constraint: getZodConstraint(ChangePasswordFormSchema),
    ...VALIDATE_WHEN,
    onValidate: ({ formData }) => parsePageForm(formData, { schema: ChangePasswordFormSchema }),
  });
  // After the server answers: to the first field it found wrong, or to the result.
  useEffect(() => {
    if (!actionData) return;
    const wrong = FIELDS.find((f) => actionData.result.error?.[f]?.length);
    if (!(wrong && focusField(FORM_ID, wrong))) statusRef.current?.focus();
  }, [actionData]);

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
          {sessionsEnded !== null ? (
            <p className="acc-notice acc-notice-ok" role="status">
              Your password is changed.{" "}
              {sessionsEnded
                ? `${sessionsEnded === 1 ? "One other session was" : `${sessionsEnded} other sessions were`} signed out.`
                : "No other sessions were signed in."}
            </p>
          ) : null}
          <FormErrors form={form} className="acc-notice acc-notice-error" />
        </div>
        <Form method="post" action="/account#acc-result" className="acc-form" {...pageFormProps(form)}>
          <CsrfField />
          <PasswordField field={fields.current} label="Current password" autoComplete="current-password" />
          <PasswordField
            field={fields.password}
            label="New password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.`}
            autoComplete="new-password"
          />
          <PasswordField field={fields.confirm} label="New password again" autoComplete="new-password" />
          <button type="submit" disabled={busy}>
            {busy ? "Changing…" : "Change password"}
          </button>
        </Form>
      </section>
    </div>
  );
}
