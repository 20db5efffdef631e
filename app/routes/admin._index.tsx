import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfField } from "~/components/csrf-field";
import { getApp } from "~/composition/app.server";
import { AdminUsersFormSchema } from "~/domain/requests/users";
import { requirePageUser } from "~/http/session.server";
import { createAccount, grantCredits, listAccounts, setAdminAccess } from "~/services/users.server";

export const meta: MetaFunction = () => [{ title: "Admin" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  return { users: await listAccounts(app), defaultCredits: app.env.NEW_USER_CREDITS };
}

export async function action({ request }: ActionFunctionArgs) {
  const me = await requirePageUser(request, { admin: true });
  const app = await getApp();
  const form = Object.fromEntries(await request.formData());
  const parsed = AdminUsersFormSchema.safeParse(form);
  if (!parsed.success) return { error: parsed.error.issues.map((i) => i.message).join(". ") };
  const input = parsed.data;
  if (input.intent === "create") {
    const created = await createAccount(app, { email: input.email, password: input.password, credits: input.credits, admin: input.admin === "on" });
    return created.ok ? { notice: `Created ${created.value.user.email}.` } : { error: created.error };
  }
  if (input.intent === "grant") {
    const granted = await grantCredits(app, { id: input.userId }, input.credits, `admin:${me.email}`);
    return granted.ok ? { notice: `Granted ${input.credits} credits to ${granted.value.user.email}; balance ${granted.value.balance}.` } : { error: granted.error };
  }
  const changed = await setAdminAccess(app, { id: input.userId }, input.admin === "true", me);
  return changed.ok ? { notice: `${changed.value.user.email} is ${input.admin === "true" ? "now" : "no longer"} an admin.` } : { error: changed.error };
}

export default function AdminIndex() {
  const { users, defaultCredits } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div>
      <h1>Admin</h1>
      <nav className="grid" style={{ marginBottom: "1.5rem" }} aria-label="Admin areas">
        <Link className="card" to="/admin">Users and credits</Link>
        <Link className="card" to="/admin/library">Retrieval library</Link>
        <Link className="card" to="/admin/outbox">Outbox and sends</Link>
        <Link className="card" to="/admin/deliverability">Deliverability</Link>
        <Link className="card" to="/admin/evals">Evaluations</Link>
        <Link className="card" to="/admin/feedback">Feedback</Link>
      </nav>
      {result && "error" in result && result.error ? <p className="error" role="alert">{result.error}</p> : null}
      {result && "notice" in result && result.notice ? <p className="notice" role="status">{result.notice}</p> : null}
      <h2>Users</h2>
      <table className="list">
        <thead><tr><th>Email</th><th>Role</th><th>Credits</th><th>Grant credits</th><th /></tr></thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td><Link to={`/admin/users/${u.id}`} title="Credit ledger">{u.email}</Link></td>
              <td><span className="pill">{u.isAdmin ? "admin" : "user"}</span></td>
              <td data-testid={`credits-${u.email}`}>{u.credits}</td>
              <td>
                <Form method="post" style={{ display: "flex", gap: ".5rem", alignItems: "center" }}>
                  <CsrfField />
                  <input type="hidden" name="intent" value="grant" />
                  <input type="hidden" name="userId" value={u.id} />
                  <input type="number" name="credits" min={1} defaultValue={10} aria-label={`Credits for ${u.email}`} style={{ width: "6rem" }} />
                  <button type="submit" style={{ marginTop: 0 }}>Grant</button>
                </Form>
              </td>
              <td>
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="intent" value="admin" />
                  <input type="hidden" name="userId" value={u.id} />
                  <input type="hidden" name="admin" value={u.isAdmin ? "false" : "true"} />
                  <button type="submit" className="secondary" style={{ marginTop: 0 }}>{u.isAdmin ? "Remove admin" : "Make admin"}</button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Add a user</h2>
      <div className="card">
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="intent" value="create" />
          <label htmlFor="new-email">Email</label>
          <input id="new-email" name="email" type="email" required />
          <label htmlFor="new-password">Password</label>
          <input id="new-password" name="password" type="password" minLength={8} required />
          <label htmlFor="new-credits">Credits</label>
          <input id="new-credits" name="credits" type="number" min={0} defaultValue={defaultCredits} />
          <label style={{ fontWeight: 400 }}><input type="checkbox" name="admin" /> Admin</label>
          <button type="submit">Create user</button>
        </Form>
      </div>
    </div>
  );
}
