import { getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { CsrfField } from "~/components/csrf-field";
import { FieldError, FormErrors, VALIDATE_WHEN, pageFormProps } from "~/components/page-form";
import { getApp } from "~/composition/app.server";
import { SignInFormSchema } from "~/domain/requests/users";
import { parsePageForm } from "~/domain/requests/page-form";
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

// The password is never sent back in the page that answers a failed sign-in.
const HIDE = { hideFields: ["password"] };

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
  const submission = parsePageForm(form, { schema: SignInFormSchema });
  if (submission.status !== "success") return data(submission.reply(HIDE), { status: 400 });
  const result = await signIn(app, {
    ...submission.value,
    clientIp: (context as LoadContext | undefined)?.clientIp ?? "unknown",
  });
  if (!result.ok) {
    const headers = result.status === 429 ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data(submission.reply({ ...HIDE, formErrors: [result.error] }), { status: result.status, headers });
  }
  return redirect(safeRedirectPath(form.get("redirectTo"), app.env.BASE_URL), {
    headers: { "Set-Cookie": await startPageSession(request, result.value) },
  });
}

export default function Login() {
  const lastResult = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(SignInFormSchema),
    ...VALIDATE_WHEN,
    onValidate: ({ formData }) => parsePageForm(formData, { schema: SignInFormSchema }),
  });
  return (
    <div className="narrow" style={{ margin: "0 auto" }}>
      <h1>Sign in</h1>
      <div className="card">
        <Form method="post" {...pageFormProps(form)}>
          <CsrfField />
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/builder"} />
          <FormErrors form={form} />
          <label htmlFor={fields.email.id}>Email</label>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
          <FieldError field={fields.email} />
          <label htmlFor={fields.password.id}>Password</label>
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" />
          <FieldError field={fields.password} />
          <button type="submit" disabled={busy}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </Form>
      </div>
      <p className="muted">
        First start prints the admin's email and password in the terminal running <code>npm start</code>.
      </p>
    </div>
  );
}
