import { getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, type SubmissionResult } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfField } from "~/components/csrf-field";
import { FieldError, FormErrors, VALIDATE_WHEN, pageFormProps } from "~/components/page-form";
import { getApp } from "~/composition/app.server";
import { AdminUsersFormSchema } from "~/domain/requests/users";
import { parsePageForm } from "~/domain/requests/page-form";
import { requirePageUser } from "~/http/session.server";
import { createAccount, grantCredits, listAccounts, setAdminAccess } from "~/services/users.server";

export const meta: MetaFunction = () => [{ title: "Admin" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  return { users: await listAccounts(app), defaultCredits: app.env.NEW_USER_CREDITS };
}

type AdminResult = {
  /** The add-a-user form's submission, for its fields' errors. */
  create: SubmissionResult | null;
  notice: string | null;
  error: string | null;
};

export async function action({ request }: ActionFunctionArgs) {
  const me = await requirePageUser(request, { admin: true });
  const app = await getApp();
  const form = await request.formData();
  const none: AdminResult = { create: null, notice: null, error: null };
  // The new account's password is not sent back in the page.
  const hide = { hideFields: ["password"] };
  const submission = parsePageForm(form, { schema: AdminUsersFormSchema });
  if (submission.status !== "success") {
    if (form.get("intent") === "create") return data({ ...none, create: submission.reply(hide) }, { status: 400 });
    // A row's grant or role form: its few fields say what went wrong at the top of the page.
    const said = Object.values(submission.error ?? {}).flatMap((e) => e ?? []);
    return data({ ...none, error: said.join(". ") || "Choose an action." }, { status: 400 });
  }
  const input = submission.value;
  if (input.intent === "create") {
    const created = await createAccount(app, {
      email: input.email,
      password: input.password,
      credits: input.credits,
      admin: input.admin === "on",
    });
    if (created.ok) return { ...none, create: submission.reply({ resetForm: true }), notice: `Created ${created.value.user.email}.` };
    // 409: the address has an account already.
    const reply = created.status === 409 ? { ...hide, fieldErrors: { email: [created.error] } } : { ...hide, formErrors: [created.error] };
    return data({ ...none, create: submission.reply(reply) }, { status: created.status });
  }
  if (input.intent === "grant") {
    const granted = await grantCredits(app, { id: input.userId }, input.credits, `admin:${me.email}`);
    return granted.ok
      ? { ...none, notice: `Granted ${input.credits} credits to ${granted.value.user.email}; balance ${granted.value.balance}.` }
      : data({ ...none, error: granted.error }, { status: granted.status });
  }
  const changed = await setAdminAccess(app, { id: input.userId }, input.admin === "true", me);
  return changed.ok
    ? { ...none, notice: `${changed.value.user.email} is ${input.admin === "true" ? "now" : "no longer"} an admin.` }
    : data({ ...none, error: changed.error }, { status: changed.status });
}

export default function AdminIndex() {
  const { users, defaultCredits } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "new-user",
    lastResult: result?.create,
    defaultValue: { credits: String(defaultCredits) },
    constraint: getZodConstraint(AdminUsersFormSchema),
    ...VALIDATE_WHEN,
    onValidate: ({ formData }) => parsePageForm(formData, { schema: AdminUsersFormSchema }),
  });
  return (
    <div>
      <h1>Admin</h1>
      <nav className="grid" style={{ marginBottom: "1.5rem" }} aria-label="Admin areas">
        <Link className="card" to="/admin">
          Users and credits
        </Link>
        <Link className="card" to="/admin/library">
          Retrieval library
        </Link>
        <Link className="card" to="/admin/outbox">
          Outbox and sends
        </Link>
        <Link className="card" to="/admin/deliverability">
          Deliverability
        </Link>
        <Link className="card" to="/admin/evals">
          Evaluations
        </Link>
        <Link className="card" to="/admin/feedback">
          Feedback
        </Link>
      </nav>
      {result?.error ? (
        <p className="error" role="alert">
          {result.error}
        </p>
      ) : null}
      {result?.notice ? (
        <p className="notice" role="status">
          {result.notice}
        </p>
      ) : null}
      <h2>Users</h2>
      <table className="list">
        <thead>
          <tr>
            <th>Email</th>
            <th>Role</th>
            <th>Credits</th>
            <th>Grant credits</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td>
                <Link to={`/admin/users/${u.id}`} title="Credit ledger">
                  {u.email}
                </Link>
              </td>
              <td>
                <span className="pill">{u.isAdmin ? "admin" : "user"}</span>
              </td>
              <td data-testid={`credits-${u.email}`}>{u.credits}</td>
              <td>
                <Form method="post" style={{ display: "flex", gap: ".5rem", alignItems: "center" }}>
                  <CsrfField />
                  <input type="hidden" name="intent" value="grant" />
                  <input type="hidden" name="userId" value={u.id} />
                  <input
                    type="number"
                    name="credits"
                    min={1}
                    defaultValue={10}
                    aria-label={`Credits for ${u.email}`}
                    style={{ width: "6rem" }}
                  />
                  <button type="submit" style={{ marginTop: 0 }}>
                    Grant
                  </button>
                </Form>
              </td>
              <td>
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="intent" value="admin" />
                  <input type="hidden" name="userId" value={u.id} />
                  <input type="hidden" name="admin" value={u.isAdmin ? "false" : "true"} />
                  <button type="submit" className="secondary" style={{ marginTop: 0 }}>
                    {u.isAdmin ? "Remove admin" : "Make admin"}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Add a user</h2>
      <div className="card">
        <Form method="post" {...pageFormProps(form)}>
          <CsrfField />
          <input type="hidden" name="intent" value="create" />
          <FormErrors form={form} />
          <label htmlFor={fields.email.id}>Email</label>
          <input {...getInputProps(fields.email, { type: "email" })} />
          <FieldError field={fields.email} />
          <label htmlFor={fields.password.id}>Password</label>
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" />
          <FieldError field={fields.password} />
          <label htmlFor={fields.credits.id}>Credits</label>
          <input {...getInputProps(fields.credits, { type: "number" })} />
          <FieldError field={fields.credits} />
          <label style={{ fontWeight: 400 }}>
            <input {...getInputProps(fields.admin, { type: "checkbox" })} /> Admin
          </label>
          <button type="submit">Create user</button>
        </Form>
      </div>
    </div>
  );
}
